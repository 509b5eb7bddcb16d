/**
 * The test servers' HTTP client: one request over node's `http` with kept-alive connections,
 * answered as a Fetch API `Response`, as `fetch` would answer it. Node's `fetch` spent about a
 * sixth of the authorisation matrix's CPU on its own machinery (streams, abort signals, header
 * lists); this sends the same request (fetch's default headers, gzip and deflate accepted and
 * decoded, redirects not followed) for a fraction of it.
 */
import http from 'node:http';
import zlib from 'node:zlib';

/**
 * Kept-alive connections, each dropped after 4 s unused: a server (72 s, Fastify's default) or the
 * balancer (60 s, deploy/haproxy/haproxy.cfg) closes an idle one on its side, and a request sent on
 * it just then failed with ECONNRESET (the authorisation matrix, at load 18). The agent destroys a
 * free socket whose timeout passes; a request in progress is not affected.
 */
const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });

/** The headers `fetch` adds to a request over plain HTTP, unless the caller sets them. */
const FETCH_DEFAULTS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

export interface PlainRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function decoded(bytes: Buffer, encoding: string | undefined): Uint8Array<ArrayBuffer> {
  return new Uint8Array(inflated(bytes, encoding));
}

function inflated(bytes: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(bytes);
    case 'deflate':
      return zlib.inflateSync(bytes);
    case 'br':
      return zlib.brotliDecompressSync(bytes);
    default:
      return bytes;
  }
}

export function plainHttp(url: string, request: PlainRequest): Promise<Response> {
  const headers: Record<string, string> = { ...FETCH_DEFAULTS };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        try {
          const answerHeaders = new Headers();
          const raw = incoming.rawHeaders;
          for (let i = 0; i < raw.length; i += 2) answerHeaders.append(raw[i], raw[i + 1]);
          const status = incoming.statusCode ?? 0;
          const noBody = NO_BODY_STATUSES.has(status) || request.method === 'HEAD';
          const body = noBody
            ? null
            : decoded(Buffer.concat(chunks), answerHeaders.get('content-encoding') ?? undefined);
          resolve(new Response(body, { status, statusText: incoming.statusMessage, headers: answerHeaders }));
        } catch (error) {
          reject(error);
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
