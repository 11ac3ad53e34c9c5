// A mailbox for the e2e specs that read mail: a real SMTP server (what the console sends arrives through the wire)
// and, beside it, GET /messages answering what arrived as JSON ({ to, text }), for a spec to find its message.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAILBOX_PORT);
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: text.replace(/=\r?\n/g, '') });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(request.url?.startsWith('/messages') ? received : []));
}).listen(httpPort, '127.0.0.1');
