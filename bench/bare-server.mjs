// The Node ceiling of this machine: node:http reading the body, then answering a fixed JSON.
import http from 'node:http';

const body = JSON.stringify({ ok: true, id: '3f1d2c4b-0000-4000-8000-000000000000' });
const server = http.createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare server on http://127.0.0.1:${server.address().port}`);
});
