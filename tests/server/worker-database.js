/**
 * The PostgreSQL operation tests, several files at a time (scripts/test.mjs): each jest worker gets
 * a database of its own (DATABASE_URL_PER_WORKER, '{worker}' standing for the worker's number),
 * made by scripts/test.mjs before the run. In one shared database a file dropping its schema while
 * another migrates failed that one: Kysely's migrator looks at every schema of the database.
 */
const perWorker = process.env.DATABASE_URL_PER_WORKER
if (perWorker && process.env.DATABASE_URL) process.env.DATABASE_URL = perWorker.replace('{worker}', process.env.JEST_WORKER_ID || '1')
