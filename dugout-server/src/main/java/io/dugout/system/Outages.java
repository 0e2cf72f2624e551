package io.dugout.system;

import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** Every adapter's {@link BackendFailures}, asked in turn, for the REST and STOMP edges. */
@Component
public final class Outages {

  private final List<BackendFailures> backends;

  Outages(ObjectProvider<BackendFailures> backends) {
    this.backends = backends.orderedStream().toList();
  }

  /** The {@code unavailable} error for a backend's outage, or {@code null} for anything else. */
  public DugoutException.Unavailable asUnavailable(RuntimeException failure) {
    for (var backend : backends) {
      var unavailable = backend.asUnavailable(failure);
      if (unavailable != null) {
        return unavailable;
      }
    }
    return null;
  }

  /**
   * Whether the failure is part of a backend's outage that is under way and was logged once when it
   * began: log it at DEBUG then, so that an outage is one WARN line, not one per request.
   */
  public boolean alreadyLogged(RuntimeException failure) {
    for (var backend : backends) {
      if (backend.alreadyLogged(failure)) {
        return true;
      }
    }
    return false;
  }
}
