import { describe, expect, it } from 'vitest';
import { parseExactJson } from './exact-json';

describe('parseExactJson', () => {
  it('keeps integers longer than 15 digits exact, as their digits', () => {
    expect(parseExactJson('{"views":12345678901234567890,"neg":-98765432109876543210}')).toEqual({
      views: '12345678901234567890',
      neg: '-98765432109876543210',
    });
  });

  it('leaves shorter numbers, decimals and exponents as numbers, long fractions and exponents included', () => {
    expect(parseExactJson('[123456789012345,1.5,1234567890123456.5,12345678901234567e3,0,0.12345678901234567890,1e-12345678901234567]')).toEqual([
      123456789012345, 1.5, 1234567890123456.5, 12345678901234567e3, 0, 0.1234567890123456789, 0,
    ]);
  });

  it('never touches digits inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ title: 'id 12345678901234567890 "quoted 98765432109876543210"', n: 1 });
    expect(parseExactJson(text)).toEqual({ title: 'id 12345678901234567890 "quoted 98765432109876543210"', n: 1 });
  });

  it('throws on text that is not JSON, as JSON.parse does', () => {
    expect(() => parseExactJson('<html>Bad gateway</html>')).toThrow(SyntaxError);
  });
});
