// The ceiling: Fastify answering a constant JSON envelope, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/hello', async () => ({ code: '0', data: 'hello world', msg: 'Success' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`PORT ${app.server.address().port}\n`);
