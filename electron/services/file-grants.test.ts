import { describe, expect, it } from 'vitest';
import { createFileGrants } from './file-grants';

describe('file grants', () => {
  it('resolves only the tokens it handed out', () => {
    const grants = createFileGrants();
    const { token, fileName } = grants.grant('/tmp/some folder/bill.csv');
    expect(fileName).toBe('bill.csv');
    expect(grants.resolve(token)).toBe('/tmp/some folder/bill.csv');
    expect(() => grants.resolve('/etc/shadow')).toThrow(/not chosen/);
    expect(() => grants.resolve(`${token}x`)).toThrow(/not chosen/);
  });
});
