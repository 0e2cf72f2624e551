package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class NettyPropertiesTests {

  @Test
  void runsOneEventLoopPerProcessorWhereSendsAreHandledOnTheLoopsAndHalfAsManyOtherwise() {
    int processors = Runtime.getRuntime().availableProcessors();
    var defaults = bind(Map.of());
    assertThat(defaults.attemptSends()).isTrue();
    assertThat(defaults.eventLoops(true)).isEqualTo(processors);
    assertThat(defaults.eventLoops(false)).isEqualTo(Math.max(1, processors / 2));
    var three = bind(Map.of("dugout.realtime.netty.threads", "3"));
    assertThat(three.eventLoops(true)).isEqualTo(3);
    assertThat(three.eventLoops(false)).isEqualTo(3);
  }

  private static NettyProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.realtime.netty", NettyProperties.class);
  }
}
