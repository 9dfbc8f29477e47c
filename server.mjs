// The production server: Next's request handler behind a plain Node HTTP server, so the app
// knows the address of the socket a request came on. Next itself keeps a client-sent
// X-Forwarded-For as it is, which would let anyone pick the address their rate limits count
// against; here the socket's address is appended to it, as a proxy does, and lib/http/client-address
// reads it back, trusting TRUST_PROXY_HOPS more entries when proxies stand in front.
// Usage: node server.mjs [-p PORT] [-H HOSTNAME]   (PORT and HOSTNAME in the environment work too)
import { createServer } from "node:http";
import next from "next";

const argument = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const port = Number(argument("-p", process.env.PORT ?? "3000"));
const hostname = argument("-H", process.env.HOSTNAME ?? "0.0.0.0");

process.env.NODE_ENV ??= "production";
const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();

try {
  await app.prepare();
} catch (error) {
  // A configuration the server must not run with (a missing or weak secret) ends it here.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = createServer((request, response) => {
  const socket = request.socket.remoteAddress ?? "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  const chain = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
  request.headers["x-forwarded-for"] = chain ? `${chain}, ${socket}` : socket;
  void handle(request, response);
});
server.keepAliveTimeout = 65_000; // longer than a load balancer's idle timeout
server.listen(port, hostname, () => {
  console.log(`Olimpiada listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});

const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
