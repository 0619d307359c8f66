/**
 * JSON.parse that keeps integers longer than 15 digits exact: such a number (a view count, a platform's numeric
 * id) becomes its digits as a string instead of a rounded double. Strings are matched first, so digits inside
 * them are never touched, nor are the digits of a fraction or an exponent. Readers coerce with Number() where they compute, which reads either form.
 */
const TOKEN = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\d.eE])/g;

export function parseExactJson(text: string): unknown {
  return JSON.parse(text.replace(TOKEN, (token) => (token.startsWith('"') ? token : `"${token}"`)));
}
