import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { checkWebhookSignature, webhookSignature } from '../src/node/webhook-signature';

/**
 * The least an event can cost the process that sends and receives it, for scale beside what the console's events
 * cost a payment: one signed delivery (Standard Webhooks' three headers, signed and checked by the code the sandbox
 * and the console use, sent with fetch as the sandbox sends, received by node:http, answered 200), with no database, no
 * framework and no read of the object back. Measured in a process of its own (the bench's holds every part's
 * results, and its collector would be measured too), 16 deliveries in flight as the payments beside events are.
 */
export interface DeliveryFloorResult {
  deliveries: number;
  inFlight: number;
  perSecond: number;
  /** CPU (every thread of the process) for one delivery, sender and receiver together, in microseconds. */
  cpuUsPerDelivery: number;
}

const IN_FLIGHT = 16;

/** Runs the measurement in a new process and reads its one JSON line. */
export function runDeliveryFloor(deliveries: number): DeliveryFloorResult {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(deliveries)],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as DeliveryFloorResult;
}

async function measure(deliveries: number): Promise<DeliveryFloorResult> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const checked = checkWebhookSignature(
        [secret],
        String(request.headers['webhook-id']),
        String(request.headers['webhook-timestamp']),
        String(request.headers['webhook-signature']),
        body,
      );
      response.writeHead(checked === 'valid' ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  // A transfer's event as the sandbox sends one: about the same size and shape.
  const at = new Date().toISOString();
  const body = JSON.stringify({
    type: 'transfer.created',
    timestamp: at,
    data: {
      id: randomUUID(),
      status: 'pending',
      amount: 1,
      type: 'payment',
      source_wallet_id: randomUUID(),
      destination_wallet_id: randomUUID(),
      metadata: { console_request_id: randomUUID() },
      status_history: [
        { status: 'created', at },
        { status: 'pending', at },
      ],
      created: at,
    },
  });
  let sent = 0;
  const send = async () => {
    const id = `msg_${sent++}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await fetch(url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secret, id, timestamp, body),
      },
    });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`a delivery answered ${answer.status}`);
  };
  const run = async (count: number) => {
    const until = sent + count;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent < until) await send();
      }),
    );
  };
  // Warmed first: the code compiled and the connections open before the count.
  await run(Math.min(5_000, deliveries));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run(deliveries);
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  server.close();
  return {
    deliveries,
    inFlight: IN_FLIGHT,
    perSecond: Math.round(deliveries / seconds),
    cpuUsPerDelivery: Math.round(((cpu.user + cpu.system) / deliveries) * 10) / 10,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure(Number(process.argv[2] ?? 30_000));
  console.log(JSON.stringify(result));
  // fetch's kept-alive connections would hold the process open a while.
  process.exit(0);
}
