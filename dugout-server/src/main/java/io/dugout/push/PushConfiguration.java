package io.dugout.push;

import io.dugout.notification.NotificationStore;
import io.dugout.system.BackendOutage;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds the push pipeline on whichever {@link PushProvider}s are configured (none: push is off,
 * devices can still be registered).
 */
@Configuration(proxyBeanMethods = false)
class PushConfiguration {

  @Bean
  PushDispatcher pushDispatcher(
      PushProperties properties,
      ObjectProvider<PushProvider> configured,
      DeviceStore devices,
      Badges badges,
      PushDeadLetters deadLetters,
      PushOutbox outbox,
      NotificationStore notifications,
      PushPlaceholderProperties placeholders,
      MeterRegistry registry,
      JsonMapper json,
      Clock clock) {
    var providers = new EnumMap<Device.Platform, PushProvider>(Device.Platform.class);
    var outages = new EnumMap<Device.Platform, BackendOutage>(Device.Platform.class);
    List<PushProvider> all = configured.orderedStream().toList();
    for (PushProvider provider : all) {
      String name = PushMetrics.tag(provider.platform());
      providers.put(provider.platform(), provider);
      var outage =
          new BackendOutage(
              name,
              provider.platform() == Device.Platform.APNS ? "APNs" : "FCM",
              "pushes to its devices are retried until dugout.push.deadline, then dead-lettered",
              Duration.ZERO,
              Duration.ZERO,
              failure -> failure instanceof IOException);
      outage.meters().bindTo(registry);
      outages.put(provider.platform(), outage);
    }
    return new PushDispatcher(
        properties,
        providers,
        outages,
        devices,
        badges,
        new PushContent(properties.previews(), new PushPlaceholders(placeholders), json),
        new PushMetrics(registry, providers.keySet()),
        deadLetters,
        outbox,
        StandingNotifications.in(notifications, clock),
        clock);
  }
}
