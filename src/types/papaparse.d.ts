/**
 * The part of papaparse the browser uses, typed here because @types/papaparse brings Node's types into whatever
 * includes it (its stream overloads), and the browser's project must have none (tsconfig.app.json maps the module here).
 */
declare module 'papaparse' {
  interface ParseConfig {
    delimitersToGuess?: string[];
    skipEmptyLines?: boolean | 'greedy';
  }
  interface ParseResult<T> {
    data: T[];
    errors: { type: string; code: string; message: string; row?: number }[];
  }
  const Papa: { parse<T>(text: string, config?: ParseConfig): ParseResult<T> };
  export default Papa;
}
