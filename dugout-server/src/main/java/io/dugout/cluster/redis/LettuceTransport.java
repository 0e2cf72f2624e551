package io.dugout.cluster.redis;

import io.dugout.system.Backend;
import io.dugout.system.DugoutProperties;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Keeps Lettuce, the Redis client, on epoll when Netty's io_uring transport is on the class path
 * too (Dugout's listener may use it). why: with both there, Lettuce 7.5 warns at every connection
 * it opens that it prefers epoll, and sets io_uring's keep-alive options on its epoll channels,
 * which Netty warns about three more times; while Redis is away that is five warnings per reconnect
 * attempt, which buried the one line that says Redis is away. Lettuce reads the switch only from a
 * system property, once, so it is set here, before any Redis client exists; a value given on the
 * command line ({@code -Dio.lettuce.core.iouring=…}) wins.
 */
public final class LettuceTransport implements EnvironmentPostProcessor {

  static final String PROPERTY = "io.lettuce.core.iouring";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (DugoutProperties.of(environment).uses(Backend.REDIS)
        && System.getProperty(PROPERTY) == null) {
      System.setProperty(PROPERTY, "false");
    }
  }
}
