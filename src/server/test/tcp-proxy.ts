/**
 * A TCP proxy of a test's own between the app and a server (PostgreSQL), which the test can cut and
 * restore: the app sees its connections reset and new ones refused, as in a restart or a network
 * fault, while the real server keeps running for the other tests.
 */
import net from 'node:net';

export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  private constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {
    this.server = net.createServer((client) => this.pipe(client));
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen();
    return proxy;
  }

  /** Refuses new connections and resets those open, both ways. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }

  /** Accepts connections again, on the same port. */
  restore(): Promise<void> {
    return this.listen();
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.cut();
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private pipe(client: net.Socket) {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // A reset on one side ends the other: the test's cut, or the server going away.
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
