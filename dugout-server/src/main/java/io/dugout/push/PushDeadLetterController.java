package io.dugout.push;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The product backend's view of the pushes given up on (service token only). */
@RestController
class PushDeadLetterController {

  private static final int DEFAULT_PAGE = 100;

  private final PushDeadLetters deadLetters;

  PushDeadLetterController(PushDeadLetters deadLetters) {
    this.deadLetters = deadLetters;
  }

  @GetMapping("/api/v1/admin/push/dead-letters")
  Page list(Caller caller, @RequestParam(required = false) Integer limit) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may read the push dead letters");
    }
    int size =
        Pages.size(limit, Math.min(DEFAULT_PAGE, deadLetters.capacity()), deadLetters.capacity());
    return new Page(
        deadLetters.newest(size),
        deadLetters.size(),
        deadLetters.capacity(),
        deadLetters.evicted());
  }

  /**
   * @param deadLetters newest first
   * @param size how many are kept now
   * @param capacity how many are kept at most
   * @param evicted how many older ones were dropped to make room since the node started
   */
  record Page(List<PushDeadLetter> deadLetters, int size, int capacity, long evicted) {}
}
