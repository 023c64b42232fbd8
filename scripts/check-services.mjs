// Answers exit 0 when the service at the URL accepts a TCP connection within 2 s, else 1.
// Plain ESM with no dependencies, so set-up and CI can call it before anything is installed.
import net from "node:net";

const [, , kind, url] = process.argv;
const parsed = new URL(url);
const port = Number(parsed.port) || (kind === "redis" ? 6379 : 5432);
const socket = net.connect({ host: parsed.hostname || "127.0.0.1", port });
const timer = setTimeout(() => {
  socket.destroy();
  process.exit(1);
}, 2000);
socket.once("connect", () => {
  clearTimeout(timer);
  socket.destroy();
  process.exit(0);
});
socket.once("error", () => process.exit(1));
