package io.dugout.realtime;

import io.dugout.realtime.RealtimeProperties.Netty.Transport;
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
import java.util.function.Predicate;

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
 * it carried fewer sends than epoll ({@code docs/benchmarks.md}, "io_uring under the listener"). It
 * needs a kernel that allows it: older kernels, {@code kernel.io_uring_disabled} and container
 * runtimes whose default seccomp profile blocks it (Docker's does) refuse it. Naming a transport
 * that is not available stops the server at start with the reason.
 */
enum NettyTransport {
  IO_URING("io_uring") {
    @Override
    boolean available() {
      return IoUring.isAvailable();
    }

    @Override
    Throwable unavailabilityCause() {
      return IoUring.unavailabilityCause();
    }

    @Override
    IoHandlerFactory handlers() {
      return IoUringIoHandler.newFactory();
    }

    @Override
    Class<? extends ServerChannel> serverType() {
      return IoUringServerSocketChannel.class;
    }

    @Override
    Class<? extends SocketChannel> clientType() {
      return IoUringSocketChannel.class;
    }
  },

  EPOLL("epoll") {
    @Override
    boolean available() {
      return Epoll.isAvailable();
    }

    @Override
    Throwable unavailabilityCause() {
      return Epoll.unavailabilityCause();
    }

    @Override
    IoHandlerFactory handlers() {
      return EpollIoHandler.newFactory();
    }

    @Override
    Class<? extends ServerChannel> serverType() {
      return EpollServerSocketChannel.class;
    }

    @Override
    Class<? extends SocketChannel> clientType() {
      return EpollSocketChannel.class;
    }
  },

  NIO("NIO") {
    @Override
    boolean available() {
      return true;
    }

    @Override
    Throwable unavailabilityCause() {
      return null;
    }

    @Override
    IoHandlerFactory handlers() {
      return NioIoHandler.newFactory();
    }

    @Override
    Class<? extends ServerChannel> serverType() {
      return NioServerSocketChannel.class;
    }

    @Override
    Class<? extends SocketChannel> clientType() {
      return NioSocketChannel.class;
    }
  };

  private final String label;

  NettyTransport(String label) {
    this.label = label;
  }

  /** Whether this process can run event loops on it. */
  abstract boolean available();

  /** Why it is not {@link #available()}; null when it is. */
  abstract Throwable unavailabilityCause();

  abstract IoHandlerFactory handlers();

  abstract Class<? extends ServerChannel> serverType();

  abstract Class<? extends SocketChannel> clientType();

  /** Its name in the log. */
  String label() {
    return label;
  }

  /** The transport {@code choice} names, or for {@code AUTO} epoll where available, else NIO. */
  static NettyTransport of(Transport choice) {
    return of(choice, NettyTransport::available);
  }

  static NettyTransport of(Transport choice, Predicate<NettyTransport> available) {
    if (choice == Transport.AUTO) {
      return available.test(EPOLL) ? EPOLL : NIO;
    }
    NettyTransport named = valueOf(choice.name());
    if (!available.test(named)) {
      Throwable cause = named.unavailabilityCause();
      throw new IllegalStateException(
          "dugout.realtime.netty.transport="
              + choice.name().toLowerCase().replace('_', '-')
              + " asks for "
              + named.label
              + ", which this process cannot use"
              + (cause == null ? "" : ": " + cause)
              + "; leave it at auto to take the best one available",
          cause);
    }
    return named;
  }
}
