import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '#web/lib/api-client';
import { imageFile, stubUploads } from '#web/test/fake-upload';
import { mockApi } from '#web/test/render';
import { ImageDropZone } from './image-drop-zone';

beforeEach(() => {
  resetCsrfToken();
});

/** The field as a form holds it: the value is the stored image's URL. */
function Field({ initial = null, onChange = () => {} }: { initial?: string | null; onChange?: (url: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  // Counted as the forms count them: each start must be matched by one end.
  const [uploads, setUploads] = useState(0);
  return (
    <>
      <ImageDropZone
        label="Banner Image"
        kind="banner"
        optional
        value={value}
        onChange={(url) => {
          setValue(url);
          onChange(url);
        }}
        onUploadingChange={(isUploading) => setUploads((n) => n + (isUploading ? 1 : -1))}
      />
      <output aria-label="Field value">{value ?? 'none'}</output>
      <output aria-label="Uploading">{uploads}</output>
    </>
  );
}

const fieldValue = () => screen.getByRole('status', { name: 'Field value' });

describe('ImageDropZone', () => {
  it('uploads a chosen image with its kind and the CSRF token, shows progress and a preview, and sets the URL', async () => {
    mockApi({});
    const { requests } = stubUploads('manual');
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Field onChange={onChange} />);

    expect(screen.getByText('Ideal size: 1200x300 pixels. PNG, JPEG, WebP or GIF, at most 5 MB.')).toBeInTheDocument();
    const input = screen.getByLabelText('Banner Image (optional)', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.upload(input, imageFile('colours.png'));

    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/upload', withCredentials: true, kind: 'banner' });
    expect(request.headers['csrf-token']).toBe('test-token');
    expect(request.file?.name).toBe('colours.png');

    // The local file is previewed while it uploads, with the progress.
    expect(screen.getByRole('img', { name: 'Banner Image preview' })).toHaveAttribute('src', 'blob:http://localhost/preview-1');
    expect(screen.getByRole('status', { name: 'Uploading' })).toHaveTextContent('1');
    act(() => request.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading Banner Image' })).toHaveAttribute('value', '40');

    act(() => request.respond(201, { success: true, url: '/api/images/abcdefghijklmnop.webp', message: 'Image uploaded successfully' }));

    await waitFor(() => expect(fieldValue()).toHaveTextContent('/api/images/abcdefghijklmnop.webp'));
    expect(onChange).toHaveBeenCalledWith('/api/images/abcdefghijklmnop.webp');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Uploading' })).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Replace image: Banner Image' })).toBeInTheDocument();
  });

  it("says 'Failed to upload image: ...' with the server's message, and keeps the field as it was", async () => {
    mockApi({});
    stubUploads(() => ({
      status: 400,
      body: { message: 'Unsupported image type. Please upload a PNG, JPEG, WebP or GIF image.', code: 'BAD_REQUEST' },
    }));
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Field onChange={onChange} />);

    await user.upload(screen.getByLabelText('Banner Image (optional)', { selector: 'input' }), imageFile('colours.png'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload image: Unsupported image type. Please upload a PNG, JPEG, WebP or GIF image.',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(fieldValue()).toHaveTextContent('none');
    expect(screen.queryByRole('img', { name: 'Banner Image preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Uploading' })).toHaveTextContent('0');
  });

  it("says 'Failed to upload image: Upload failed' when the network fails", async () => {
    mockApi({});
    const { requests } = stubUploads('manual');
    const user = userEvent.setup();
    render(<Field />);

    await user.upload(screen.getByLabelText('Banner Image (optional)', { selector: 'input' }), imageFile());
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.fail());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image: Upload failed');
  });

  it("says 'Failed to upload image: Failed to fetch CSRF token: ...' when the token cannot be had", async () => {
    // The only fetch an upload makes is for the token (mockApi cannot set a status text).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    const { requests } = stubUploads();
    const user = userEvent.setup();
    render(<Field />);

    await user.upload(screen.getByLabelText('Banner Image (optional)', { selector: 'input' }), imageFile());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image: Failed to fetch CSRF token: 503 Service Unavailable');
    expect(requests).toHaveLength(0);
  });

  it('lets a new file replace one still uploading, and ignores the first answer', async () => {
    mockApi({});
    const { requests } = stubUploads('manual');
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Banner Image (optional)', { selector: 'input' });

    await user.upload(input, imageFile('first.png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.upload(input, imageFile('second.png'));
    await waitFor(() => expect(requests).toHaveLength(2));

    act(() => requests[1]!.respond(201, { success: true, url: '/api/images/second-image-0001.webp' }));
    await waitFor(() => expect(fieldValue()).toHaveTextContent('/api/images/second-image-0001.webp'));
    // The form is told the uploads are over once, however many files were chosen.
    expect(screen.getByRole('status', { name: 'Uploading' })).toHaveTextContent('0');
    act(() => requests[0]!.respond(201, { success: true, url: '/api/images/first-image-00001.webp' }));
    expect(fieldValue()).toHaveTextContent('/api/images/second-image-0001.webp');
  });

  it('refuses a file that is not an image without uploading it', async () => {
    mockApi({});
    const { requests } = stubUploads();
    render(<Field />);

    // Dropped files skip the input's accept filter.
    fireEvent.drop(screen.getByText(/drag and drop/i), { dataTransfer: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image: Please choose an image file.');
    expect(requests).toHaveLength(0);
  });

  it('uploads a dropped image', async () => {
    mockApi({});
    const { requests } = stubUploads();
    render(<Field />);

    fireEvent.drop(screen.getByText(/drag and drop/i), { dataTransfer: { files: [imageFile('dropped.webp', 'image/webp')] } });

    await waitFor(() => expect(fieldValue()).toHaveTextContent('/api/images/uploaded-image-1.webp'));
    expect(requests[0]!.file?.name).toBe('dropped.webp');
  });

  it('shows the current image and removes it', async () => {
    mockApi({});
    stubUploads();
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Field initial="/api/images/current-banner-1.webp" onChange={onChange} />);

    expect(screen.getByRole('img', { name: 'Banner Image preview' })).toHaveAttribute('src', '/api/images/current-banner-1.webp');
    await user.click(screen.getByRole('button', { name: 'Remove image: Banner Image' }));

    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('img', { name: 'Banner Image preview' })).not.toBeInTheDocument();
    expect(screen.getByText(/click to choose an image/i)).toBeInTheDocument();
  });

  it('replaces the current image with a new upload', async () => {
    mockApi({});
    const { requests } = stubUploads();
    const user = userEvent.setup();
    render(<Field initial="/api/images/current-banner-1.webp" />);

    // 'Replace image' opens the same file input.
    const input = screen.getByLabelText<HTMLInputElement>('Banner Image (optional)', { selector: 'input' });
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Replace image: Banner Image' }));
    expect(click).toHaveBeenCalled();

    await user.upload(input, imageFile('new.png'));
    await waitFor(() => expect(fieldValue()).toHaveTextContent('/api/images/uploaded-image-1.webp'));
    expect(requests).toHaveLength(1);
  });
});
