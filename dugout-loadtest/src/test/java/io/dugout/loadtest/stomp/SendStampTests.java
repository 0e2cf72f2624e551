package io.dugout.loadtest.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

class SendStampTests {

	@Test
	void findsTheStampInAMessageBodyWhereverTheFieldIs() {
		SendStamp stamp = new SendStamp(42, 7, 123_456_789L);
		ByteBuf body = utf8("{\"type\":\"message\",\"roomId\":\"r-1\",\"seq\":9,\"senderId\":\"lt-user-42\",\"clientMsgId\":\""
				+ stamp.clientMsgId() + "\",\"content\":\"hi\"}");

		assertThat(SendStamp.find(body, 0, body.writerIndex())).isEqualTo(stamp);
		assertThat(Bytes.longAfter(body, 0, body.writerIndex(), "\"seq\":".getBytes(StandardCharsets.US_ASCII))).isEqualTo(9);
	}

	@Test
	void ignoresMessagesThisToolDidNotSend() {
		ByteBuf foreign = utf8("{\"seq\":3,\"clientMsgId\":\"c-7f3a\"}");
		ByteBuf truncated = utf8("{\"seq\":3,\"clientMsgId\":\"lt-1-2-");

		assertThat(SendStamp.find(foreign, 0, foreign.writerIndex())).isNull();
		assertThat(SendStamp.find(truncated, 0, truncated.writerIndex())).isNull();
	}

	@Test
	void clockIsMonotonicAndPositive() {
		long first = SendStamp.now();
		assertThat(first).isNotNegative();
		assertThat(SendStamp.now()).isGreaterThanOrEqualTo(first);
	}

	private static ByteBuf utf8(String text) {
		return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
	}

}
