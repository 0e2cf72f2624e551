package io.dugout.push.fcm;

import io.dugout.push.PushProperties;
import io.dugout.push.PushProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Turns FCM on when {@code dugout.push.fcm.service-account-file} is set. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "dugout.push.fcm", name = "service-account-file")
class FcmConfiguration {

  private static final Logger log = LoggerFactory.getLogger(FcmConfiguration.class);

  @Bean
  PushProvider fcmPushProvider(PushProperties properties, JsonMapper json) {
    var fcm = properties.fcm();
    var tokens = FcmAccessTokens.load(fcm.serviceAccountFile(), fcm.tokenUri());
    String projectId = fcm.projectId() != null ? fcm.projectId() : tokens.projectId();
    if (projectId == null || projectId.isBlank()) {
      throw new IllegalStateException(
          "dugout.push.fcm.project-id is unset and the service account names no project_id");
    }
    log.info("Push: FCM for project {} at {}", projectId, fcm.apiUrl());
    return new FcmProvider(fcm.apiUrl(), projectId, fcm.timeout(), tokens, json);
  }
}
