/**
 * The floor a `next` is compared with (bench scenario `floor`): a bare Yoga server, no plugins,
 * whose one mutation issues the two driver commands of a `next` (load the run, save it with the
 * version check and one more proof and event), on the same engine and driver settings as the
 * server. What our server takes beyond this is what it adds. Run as its own process by the bench:
 *
 *   NODE_ENV=production MONGODB_URI=… MONGODB_DB=… PORT=… TEMPLATE_RUN_ID=… node --import tsx bench/bare-yoga-server.ts
 */
import { createServer } from 'node:http';
import type { Document } from 'mongodb';
import { createSchema, createYoga } from 'graphql-yoga';
import { loadConfig } from '../src/config.js';
import { connectMongo } from '../src/store/mongo.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const mongo = await connectMongo(env('MONGODB_URI'), env('MONGODB_DB'), {
  // As the benchmarked server runs: commands monitored (bench/server-probe.ts) unless turned off for an A/B.
  monitorCommands: process.env.BENCH_MONITOR_COMMANDS !== 'off',
  maxTimeMs: loadConfig().dbMaxTimeMs,
});
const runs = mongo.db.collection<{ _id: string } & Document>('runs');
const template = await runs.findOne({ _id: env('TEMPLATE_RUN_ID') });
const proof = (template?.proofs as Document[] | undefined)?.[0];
const event = (template?.events as Document[] | undefined)?.find((entry) => entry.type === 'STEP_PROVEN');
if (!template || !proof || !event) throw new Error('template run with a proof not found');

const yoga = createYoga({
  plugins: [],
  graphiql: false,
  schema: createSchema({
    typeDefs: 'type Query { ok: Boolean! } type Mutation { next(runId: ID!, space: String!): Int! }',
    resolvers: {
      Query: { ok: () => true },
      Mutation: {
        async next(_: unknown, args: { runId: string; space: string }) {
          const run = await runs.findOne({ _id: args.runId, space: { $in: [args.space, 'app'] } });
          if (!run) throw new Error('run not found');
          const now = new Date();
          const saved = await runs.updateOne(
            { _id: args.runId, version: run.version },
            {
              $set: { status: 'ACTIVE', state: run.state, updatedAt: now, expiresAt: now },
              $inc: { version: 1, eventSeq: 1 },
              $push: {
                proofs: { $each: [proof] },
                events: { $each: [{ ...event, runId: args.runId, seq: run.eventSeq + 1, at: now }] },
              } as Document,
            },
          );
          if (saved.modifiedCount !== 1) throw new Error('version check failed');
          return run.eventSeq + 1;
        },
      },
    },
  }),
});

const server = createServer(yoga);
server.listen(Number(env('PORT')), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void mongo.close().then(() => process.exit(0)));
});
