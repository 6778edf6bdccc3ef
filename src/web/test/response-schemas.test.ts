/** The check of the web tests' stubbed answers against the server's response schemas. */
import { describe, expect, it } from 'vitest';
import { makeOfficer, makeOfficerDetail, makeRankedOfficer, signedInStatus } from './fixtures';
import { stubProblem } from './response-schemas';

describe('stubProblem', () => {
  it('accepts an answer the server could send', () => {
    expect(stubProblem('GET', '/api/auth/status', 200, signedInStatus())).toBeNull();
    expect(stubProblem('GET', '/api/officers/7', 200, makeOfficerDetail())).toBeNull();
  });

  it('names the call, the route and the field of an answer the server could not send', () => {
    const problem = stubProblem('GET', '/api/officers/7', 200, makeOfficer());
    expect(problem).toMatch(/^The stubbed 200 answer of GET \/api\/officers\/7 \(GET \/api\/officers\/:id\) does not match its response schema/);
    expect(problem).toMatch(/distribution/);
  });

  it('picks the literal route over a parameter, as the server does', () => {
    expect(stubProblem('GET', '/api/officers/top', 200, [makeRankedOfficer()])).toBeNull();
    expect(stubProblem('GET', '/api/officers/top', 200, [makeOfficer()])).toMatch(/GET \/api\/officers\/top\) .*\n.*\n.*rankScore/);
  });

  it('checks an error answer against the error body, which may carry more', () => {
    expect(stubProblem('POST', '/api/auth/login', 403, { message: 'Verify first', code: 'FORBIDDEN', needsVerification: true })).toBeNull();
    expect(stubProblem('POST', '/api/auth/login', 401, { message: 'Invalid email or password' })).toMatch(/errorBodySchema[\s\S]*code/);
  });

  it("leaves a gateway's answer and a call without a schema in core unchecked", () => {
    expect(stubProblem('PATCH', '/api/admin/users/5/unban', 502, '')).toBeNull();
    expect(stubProblem('POST', '/api/auth/login', 200, { anything: true })).toBeNull();
  });

  it('refuses a stub for a call the server does not answer', () => {
    expect(stubProblem('GET', '/api/officer/7', 200, {})).toMatch(/GET \/api\/officer\/7 is not an API call the server answers/);
    expect(stubProblem('POST', '/api/sides', 200, [])).toMatch(/is not an API call/);
  });
});
