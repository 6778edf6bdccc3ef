import { describe, expect, it } from 'vitest';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { describeRegistrationFailure } from './registration-failure';

const apiError = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

describe('describeRegistrationFailure', () => {
  it("names an invalid side or regiment as a 'Form Error'", () => {
    expect(
      describeRegistrationFailure(apiError(400, { message: 'Invalid side selected. Please select a valid side.', code: 'BAD_REQUEST' })),
    ).toEqual({
      title: 'Form Error',
      description: 'Invalid side selected. Please select a valid side.',
    });
    expect(
      describeRegistrationFailure(
        apiError(400, {
          message: 'Please select a valid regiment.',
          code: 'VALIDATION',
          errors: [{ path: 'regimentId', message: 'Please select a valid regiment.' }],
        }),
      ),
    ).toEqual({ title: 'Form Error', description: 'Please select a valid regiment.' });
  });

  it('asks to check the inputs for other field problems', () => {
    const error = apiError(400, {
      message: 'Regiment name cannot be empty',
      code: 'VALIDATION',
      errors: [{ path: 'name', message: 'Regiment name cannot be empty' }],
    });
    expect(describeRegistrationFailure(error)).toEqual({
      title: 'Form Error',
      description: 'There was an error processing your form. Please check your inputs.',
    });
  });

  it('says the user id is unknown when the session is gone', () => {
    expect(describeRegistrationFailure(apiError(401, { message: 'Not signed in', code: 'UNAUTHORIZED' }))).toEqual({
      title: 'Authentication Error',
      description: 'Your user ID could not be determined. Please try logging in again.',
    });
  });

  it("shows the server's message, or 'Unknown error occurred.'", () => {
    expect(describeRegistrationFailure(apiError(409, { message: 'A regiment with this name already exists.', code: 'CONFLICT' }))).toEqual({
      title: 'Registration Failed',
      description: 'A regiment with this name already exists.',
    });
    expect(describeRegistrationFailure(apiError(502, '<html>Bad gateway</html>'))).toEqual({
      title: 'Registration Failed',
      description: 'Unknown error occurred.',
    });
    expect(describeRegistrationFailure('???')).toEqual({ title: 'Registration Failed', description: 'Unknown error occurred.' });
  });

  it('passes on the security validation message', () => {
    expect(describeRegistrationFailure(new SecurityValidationError(new Error('x')))).toEqual({
      title: 'Registration Failed',
      description: 'Security validation failed. Please refresh and try again.',
    });
  });
});
