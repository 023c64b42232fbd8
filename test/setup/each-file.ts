/**
 * Before each test file, in its own process (pool "forks" runs every file in a new one): the
 * file's own queues, so that files running at once never share a BullMQ key. Whatever else a file
 * needs set before its imports (another Redis, the embedded database, a secret) it sets itself
 * with vi.hoisted.
 */
process.env.QUEUE_PREFIX = `pbtest-${process.pid}`;
