package io.dugout.push;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The product backend's view of the pushes given up on (service token only). */
@RestController
@RequestMapping("/api/v1/admin/push/dead-letters")
class PushDeadLetterController {

  private static final int DEFAULT_PAGE = 100;

  private final PushDeadLetters deadLetters;
  private final int capacity;

  PushDeadLetterController(PushDeadLetters deadLetters, PushProperties properties) {
    this.deadLetters = deadLetters;
    this.capacity = properties.deadLetters();
  }

  @GetMapping
  Page list(Caller caller, @RequestParam(required = false) Integer limit) {
    requireService(caller);
    int size = Pages.size(limit, Math.min(DEFAULT_PAGE, capacity), capacity);
    return new Page(deadLetters.newest(size), deadLetters.size(), capacity, deadLetters.evicted());
  }

  /** Deletes a handled letter; 204 also when it is gone already, so a retry is harmless. */
  @DeleteMapping("/{id}")
  ResponseEntity<Void> remove(Caller caller, @PathVariable String id) {
    requireService(caller);
    deadLetters.remove(id);
    return ResponseEntity.noContent().build();
  }

  private static void requireService(Caller caller) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may read or delete push dead letters");
    }
  }

  /**
   * @param deadLetters newest first
   * @param size how many are kept now
   * @param capacity how many are kept at most
   * @param evicted how many older ones were dropped to make room since the list was first written
   */
  record Page(List<PushDeadLetter> deadLetters, long size, int capacity, long evicted) {}
}
