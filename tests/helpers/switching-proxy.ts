// A TCP proxy standing for a load balancer in front of several server processes: the tests point
// it at one process, drop its connections (a fan's network going away), hold new ones off for a
// while, and point it at another process, so that the client reconnects elsewhere.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SwitchingProxy {
  /** http://127.0.0.1:<port> of the proxy. */
  url: string;
  /** Sends new connections to this port of 127.0.0.1. */
  pointAt(port: number): void;
  /** Closes every open connection; with refuseNew, new ones are closed at once until pointAt/accept. */
  drop(options?: { refuseNew?: boolean }): void;
  accept(): void;
  close(): Promise<void>;
}

export async function startSwitchingProxy(targetPort: number): Promise<SwitchingProxy> {
  let target = targetPort;
  let refusing = false;
  const open = new Set<Socket>();
  const server: Server = createServer((downstream) => {
    if (refusing) {
      downstream.destroy();
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [downstream, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    downstream.pipe(upstream).pipe(downstream);
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pointAt: (port) => {
      target = port;
    },
    drop: (options = {}) => {
      refusing = options.refuseNew ?? false;
      for (const socket of open) socket.destroy();
    },
    accept: () => {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
