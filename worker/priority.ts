import fs from "node:fs";
import os from "node:os";

/**
 * Lowers the worker process's CPU priority to niceness `nice` (WORKER_NICE), for every thread it
 * has: on Linux a niceness belongs to a thread, and V8's and libuv's threads already run when this
 * is called (threads started later take their creator's). Where threads are not listed in
 * /proc (macOS), the process's own priority is set. A priority already lower is kept: raising one
 * takes privileges a worker does not need.
 *
 * Why: where web and worker share a machine, a webhook's acknowledgement waits for CPU whenever the
 * worker books a burst of shipments (the service's limits let a key's calls of a second go
 * together). The worker's throughput is the service's rate limit, not its CPU, so at a lower
 * priority it books as fast, and the acknowledgements go first. On a machine of its own (or in a
 * container, which competes with others by its cgroup's CPU weight instead) it changes nothing.
 *
 * Returns the niceness of the process's main thread afterwards.
 */
export function lowerOwnPriority(nice: number): number {
  const threads = fs.existsSync("/proc/self/task")
    ? fs.readdirSync("/proc/self/task").map(Number)
    : [0];
  for (const thread of threads) {
    try {
      if (os.getPriority(thread) < nice) os.setPriority(thread, nice);
    } catch {
      // A thread that ended since it was listed.
    }
  }
  return os.getPriority();
}
