// Headers passed to writeHead() win over those set before it (Astro and the page cache pass
// theirs there): a header the server must decide is rewritten at that last moment.
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';

/**
 * Makes `name` (lower case) on this response the result of `decide`: now, for what is set so
 * far, and in writeHead(), for a value given there (as an object or a flat [name, value] list).
 */
export function overrideAtWriteHead(res: ServerResponse, name: string, decide: (given: string) => string): void {
  const asText = (value: OutgoingHttpHeader | undefined) => [value ?? ''].flat().join(', ');
  if (res.hasHeader(name)) res.setHeader(name, decide(asText(res.getHeader(name))));
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    for (const headers of rest) {
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) {
          if (String(headers[i]).toLowerCase() === name) headers[i + 1] = decide(String(headers[i + 1]));
        }
      } else if (typeof headers === 'object' && headers !== null) {
        const record = headers as Record<string, OutgoingHttpHeader | undefined>;
        for (const key of Object.keys(record)) if (key.toLowerCase() === name) record[key] = decide(asText(record[key]));
      }
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}
