package io.dugout.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP proxy in front of one backend, so a test can make the backend unreachable for a
 * node without stopping it: {@link #cut} closes every open connection and refuses new ones (the
 * port stops listening, as when a host is gone), {@link #restore} listens on the same port again.
 * Bytes are copied unchanged, each direction on a virtual thread of its own.
 */
public final class TcpProxy implements AutoCloseable {

  private final InetSocketAddress target;
  private final int port;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private ServerSocket listener;

  private TcpProxy(InetSocketAddress target) {
    this.target = target;
    this.listener = bind(0);
    this.port = listener.getLocalPort();
    accept(listener);
  }

  /** A proxy on a free loopback port to {@code host:port}. */
  public static TcpProxy to(String host, int port) {
    return new TcpProxy(new InetSocketAddress(host, port));
  }

  /** The port the proxy listens on (the same after a restore). */
  public int port() {
    return port;
  }

  /** Closes every connection through the proxy and stops listening: connects are refused. */
  public synchronized void cut() {
    closeQuietly(listener);
    listener = null;
    open.forEach(TcpProxy::closeQuietly);
    open.clear();
  }

  /** Listens again on the same port. */
  public synchronized void restore() {
    if (listener == null) {
      listener = bind(port);
      accept(listener);
    }
  }

  @Override
  public synchronized void close() {
    cut();
  }

  private static ServerSocket bind(int port) {
    try {
      var socket = new ServerSocket();
      // why: the port was just closed; its old connections may still be in TIME_WAIT
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return socket;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on port " + port, e);
    }
  }

  private void accept(ServerSocket server) {
    Thread.ofVirtual()
        .name("tcp-proxy-" + port)
        .start(
            () -> {
              while (!server.isClosed()) {
                try {
                  connect(server.accept());
                } catch (IOException e) {
                  return; // why: cut() closed the listener
                }
              }
            });
  }

  private synchronized void connect(Socket client) {
    if (listener == null) {
      closeQuietly(client);
      return;
    }
    Socket backend = new Socket();
    try {
      backend.connect(target, 2_000);
    } catch (IOException e) {
      closeQuietly(client);
      closeQuietly(backend);
      return;
    }
    open.add(client);
    open.add(backend);
    Thread.ofVirtual().start(() -> pipe(client, backend));
    Thread.ofVirtual().start(() -> pipe(backend, client));
  }

  private void pipe(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // the connection was cut or closed by a peer
    } finally {
      closeQuietly(from);
      closeQuietly(to);
      open.remove(from);
      open.remove(to);
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      // nothing to do: it is closed either way
    }
  }
}
