package io.dugout.push.apns;

import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.auth.ApnsSigningKey;
import io.dugout.push.PushProperties;
import io.dugout.push.PushProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Turns APNs on when {@code dugout.push.apns.key-file} is set. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "dugout.push.apns", name = "key-file")
class ApnsConfiguration {

  private static final Logger log = LoggerFactory.getLogger(ApnsConfiguration.class);

  @Bean
  PushProvider apnsPushProvider(PushProperties properties) throws Exception {
    var apns = properties.apns();
    ApnsSigningKey key;
    try {
      key = ApnsSigningKey.loadFromPkcs8File(apns.keyFile().toFile(), apns.teamId(), apns.keyId());
    } catch (Exception e) {
      throw new IllegalStateException(
          "dugout.push.apns.key-file " + apns.keyFile() + " is not a readable .p8 key: " + e, e);
    }
    String host =
        apns.host() != null
            ? apns.host()
            : apns.environment() == PushProperties.Environment.SANDBOX
                ? ApnsClientBuilder.DEVELOPMENT_APNS_HOST
                : ApnsClientBuilder.PRODUCTION_APNS_HOST;
    var builder =
        new ApnsClientBuilder()
            .setApnsServer(host, apns.port())
            .setSigningKey(key)
            .setConcurrentConnections(apns.connections())
            .setConnectionTimeout(apns.timeout());
    if (apns.trustedCertificates() != null) {
      builder.setTrustedServerCertificateChain(apns.trustedCertificates().toFile());
    }
    log.info(
        "Push: APNs at {}:{} ({}), team {}, key {}",
        host,
        apns.port(),
        apns.environment().name().toLowerCase(),
        apns.teamId(),
        apns.keyId());
    return new ApnsProvider(builder.build(), apns.timeout());
  }
}
