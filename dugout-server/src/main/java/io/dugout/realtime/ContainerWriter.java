package io.dugout.realtime;

import java.io.IOException;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession;

/**
 * Writes through the servlet container's WebSocket session, blocking until the batch is in the
 * socket. Through the container's writer the characters go from an array, which Tomcat encodes to
 * UTF-8 several times faster than a {@code String} it must walk char by char (a fifth of all server
 * CPU at 100k deliveries/s).
 */
record ContainerWriter(WebSocketSession socket) implements BatchWriter {

  @Override
  public boolean blocks() {
    return true;
  }

  @Override
  public FrameBatch newBatch(int expectedBytes) {
    return new CharBatch(expectedBytes);
  }

  @Override
  public void write(FrameBatch frames, Runnable written) throws IOException {
    var batch = (CharBatch) frames;
    if (socket instanceof StandardWebSocketSession standard) {
      char[] chars = new char[batch.size()];
      batch.getChars(chars);
      try (var writer = standard.getNativeSession().getBasicRemote().getSendWriter()) {
        writer.write(chars);
      }
    } else {
      socket.sendMessage(new TextMessage(batch.toString()));
    }
    written.run();
  }
}
