// The Node ceiling of this machine: node:http reading the body, then answering a fixed JSON. With SHAPED_HEADERS (a
// JSON object) and SHAPED_BODY_BYTES, it answers as the sandbox does instead: those headers, a new request id, and
// a body of that size; the difference between the two is what the answer's shape alone costs.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const shapedHeaders = process.env.SHAPED_HEADERS ? JSON.parse(process.env.SHAPED_HEADERS) : null;
const body = shapedHeaders
  ? JSON.stringify({ data: 'x'.repeat(Math.max(0, Number(process.env.SHAPED_BODY_BYTES ?? 0) - 11)) })
  : JSON.stringify({ ok: true, id: '3f1d2c4b-0000-4000-8000-000000000000' });
const server = http.createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
    if (shapedHeaders) {
      Object.assign(headers, shapedHeaders, { 'X-Request-Id': `req_${randomUUID().replaceAll('-', '')}` });
    }
    response.writeHead(200, headers);
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare server on http://127.0.0.1:${server.address().port}`);
});
