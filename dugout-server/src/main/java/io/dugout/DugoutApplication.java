package io.dugout;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Starts a Dugout node. Spring Boot's Lettuce observations are left out: they cost a cluster node
 * about 5 % of its CPU, and {@code RedisCommandTimes} makes the same {@code lettuce} histogram.
 */
@SpringBootApplication(
    excludeName =
        "org.springframework.boot.data.redis.autoconfigure.observation.LettuceObservationAutoConfiguration")
@ConfigurationPropertiesScan
public class DugoutApplication {

  public static void main(String[] args) {
    SpringApplication.run(DugoutApplication.class, args);
  }
}
