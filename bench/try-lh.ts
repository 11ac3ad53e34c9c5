import { startConsoleServer } from './lib';
import { runLighthouse } from './lighthouse';
const server = await startConsoleServer();
try {
  const r = await runLighthouse(server.url);
  console.log(JSON.stringify(r.map((l) => [l.page, l.profile, l.scores.performance, l.performanceRuns, l.metrics])));
} finally {
  server.child.kill('SIGTERM');
}
