import pino from 'pino';
import { setLogger } from '../ops/logger';

// The servers a test starts in this process log nothing (a line per request would bury a failure's output). Set
// here, not through LOG_LEVEL: a console server a test starts as a process of its own still says where it listens.
setLogger(pino({ level: 'silent' }));
