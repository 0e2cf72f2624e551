package io.dugout.system;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a backend that did not answer at startup in one line, with what to check. */
class BackendUnreachableAnalyzer extends AbstractFailureAnalyzer<BackendUnreachable> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, BackendUnreachable cause) {
    return new FailureAnalysis(
        "Dugout cannot start: " + cause.getMessage(),
        "Check that "
            + cause.backend()
            + " runs and that this node can reach "
            + cause.where()
            + " (see docs/deploy.md).",
        cause);
  }
}
