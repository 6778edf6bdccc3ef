import { describe, expect, it } from 'vitest';
import { authPathReturningTo, parseReturnPath } from './return-path';

describe('parseReturnPath', () => {
  it.each([
    ['/officer/12', '/officer/12'],
    ['/create-review/12', '/create-review/12'],
    ['/', '/'],
    ['/search?q=meade&sideId=1', '/search?q=meade&sideId=1'],
    ['/officer/12#reviews', '/officer/12#reviews'],
    // Dot segments resolve; characters a URL cannot hold are encoded.
    ['/officer/./12', '/officer/12'],
    ['/a/../my-reviews', '/my-reviews'],
    ['/search?q=été', '/search?q=%C3%A9t%C3%A9'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('accepts the path %j as %j', (value, expected) => {
    expect(parseReturnPath(value)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['another site over plain http', 'http://evil.example'],
    ['a protocol-relative address', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash and a slash', '/\\/evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later in the path', '/officer\\12'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a scheme without slashes', 'https:evil.example'],
    ['a bare host', 'evil.example'],
    ['a relative path', 'officer/12'],
    ['a leading space', ' /officer/12'],
    ['a tab the browser would strip', '/\t/evil.example'],
    ['a newline the browser would strip', '/\n/evil.example'],
    ['a carriage return', '/officer/12\r\nSet-Cookie: a=b'],
    ['a NUL', '/officer/12\u0000'],
    ['DEL', '/officer\u007f'],
    ['a path that normalizes to //host', '/..//evil.example'],
    ['a deeper one', '/a/b/../..//evil.example'],
    ['a dot segment before //', '/.//evil.example'],
    ['the empty string', ''],
    ['an overlong path', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, value) => {
    expect(parseReturnPath(value)).toBeNull();
  });

  it.each([[null], [undefined], [42], [['/officer/12']], [{ toString: () => '/officer/12' }]])('refuses the non-string %j', (value) => {
    expect(parseReturnPath(value)).toBeNull();
  });
});

describe('authPathReturningTo', () => {
  it('carries a path on this site as next, encoded', () => {
    expect(authPathReturningTo('/login', '/officer/12')).toBe('/login?next=%2Fofficer%2F12');
    expect(authPathReturningTo('/register', '/search?q=a&b=c')).toBe('/register?next=%2Fsearch%3Fq%3Da%26b%3Dc');
  });

  it('drops anything else: the page then goes to / after signing in (spec section 2)', () => {
    expect(authPathReturningTo('/login', '//evil.example')).toBe('/login');
    expect(authPathReturningTo('/login', null)).toBe('/login');
    expect(authPathReturningTo('/register', undefined)).toBe('/register');
  });
});
