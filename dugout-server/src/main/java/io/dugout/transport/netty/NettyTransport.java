package io.dugout.transport.netty;

import io.dugout.transport.netty.NettyProperties.Transport;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How the listener's event loops talk to the kernel: Linux's epoll, Linux's io_uring, or Java's NIO
 * selector, which runs anywhere. The same pipeline, sessions and guarantees on each; what differs
 * is the system calls. With epoll each connection's write is a system call of its own; with
 * io_uring a loop queues the writes and reads of a pass in a ring shared with the kernel and hands
 * them over together.
 *
 * <p>{@code dugout.realtime.netty.transport=auto}, the default, takes epoll, or NIO where epoll is
 * not available. io_uring is taken only when named: on two cores it cost the server less CPU at a
 * fixed 2,000 sends/s, but under saturation (closed-loop chat) its completion queue overflowed and
 * it carried no more sends than epoll ({@code docs/adr/0012-io-uring.md}). It needs a kernel that
 * allows it: older kernels, {@code kernel.io_uring_disabled} and container runtimes whose default
 * seccomp profile blocks it (Docker's does) refuse it. Naming a transport that is not available
 * stops the server at start with the reason.
 */
enum NettyTransport {
  IO_URING(
      "io_uring",
      IoUring::isAvailable,
      IoUring::unavailabilityCause,
      IoUringIoHandler::newFactory,
      IoUringServerSocketChannel.class,
      IoUringSocketChannel.class),
  EPOLL(
      "epoll",
      Epoll::isAvailable,
      Epoll::unavailabilityCause,
      EpollIoHandler::newFactory,
      EpollServerSocketChannel.class,
      EpollSocketChannel.class),
  NIO(
      "NIO",
      () -> true,
      () -> null,
      NioIoHandler::newFactory,
      NioServerSocketChannel.class,
      NioSocketChannel.class);

  private final String label;
  private final BooleanSupplier available;
  private final Supplier<Throwable> unavailabilityCause;
  private final Supplier<IoHandlerFactory> handlers;
  private final Class<? extends ServerChannel> serverType;
  private final Class<? extends SocketChannel> clientType;

  NettyTransport(
      String label,
      BooleanSupplier available,
      Supplier<Throwable> unavailabilityCause,
      Supplier<IoHandlerFactory> handlers,
      Class<? extends ServerChannel> serverType,
      Class<? extends SocketChannel> clientType) {
    this.label = label;
    this.available = available;
    this.unavailabilityCause = unavailabilityCause;
    this.handlers = handlers;
    this.serverType = serverType;
    this.clientType = clientType;
  }

  /** Whether this process can run event loops on it. */
  boolean available() {
    return available.getAsBoolean();
  }

  /** Why it is not {@link #available()}; null when it is. */
  Throwable unavailabilityCause() {
    return unavailabilityCause.get();
  }

  IoHandlerFactory handlers() {
    return handlers.get();
  }

  Class<? extends ServerChannel> serverType() {
    return serverType;
  }

  Class<? extends SocketChannel> clientType() {
    return clientType;
  }

  /** Its name in the log. */
  String label() {
    return label;
  }

  /** The transport {@code choice} names, or for {@code AUTO} epoll where available, else NIO. */
  static NettyTransport of(Transport choice) {
    return of(choice, NettyTransport::available);
  }

  static NettyTransport of(Transport choice, Predicate<NettyTransport> available) {
    NettyTransport chosen =
        switch (choice) {
          case AUTO -> available.test(EPOLL) ? EPOLL : NIO;
          case EPOLL -> EPOLL;
          case IO_URING -> IO_URING;
          case NIO -> NIO;
        };
    if (!available.test(chosen)) {
      Throwable cause = chosen.unavailabilityCause();
      throw new IllegalStateException(
          "dugout.realtime.netty.transport="
              + choice.name().toLowerCase().replace('_', '-')
              + " asks for "
              + chosen.label
              + ", which this process cannot use"
              + (cause == null ? "" : ": " + cause)
              + "; leave it at auto for epoll, or NIO where epoll is not available",
          cause);
    }
    return chosen;
  }
}
