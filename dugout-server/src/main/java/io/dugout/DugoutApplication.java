package io.dugout;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Starts a Dugout node. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DugoutApplication {

  public static void main(String[] args) {
    SpringApplication.run(DugoutApplication.class, args);
  }
}
