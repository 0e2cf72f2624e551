package io.dugout.block;

import io.dugout.auth.Caller;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * REST endpoints for block lists under {@code /api/v1/users/{userId}/blocks}: {@code me} for the
 * caller's own, another user's id for service tokens.
 */
@RestController
@RequestMapping("/api/v1/users/{userId}/blocks")
class BlockController {

  private final BlockList blocks;

  BlockController(BlockList blocks) {
    this.blocks = blocks;
  }

  @PutMapping("/{blockedId}")
  ResponseEntity<Void> block(
      Caller caller, @PathVariable String userId, @PathVariable String blockedId) {
    blocks.block(caller, userId, blockedId);
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/{blockedId}")
  ResponseEntity<Void> unblock(
      Caller caller, @PathVariable String userId, @PathVariable String blockedId) {
    blocks.unblock(caller, userId, blockedId);
    return ResponseEntity.noContent().build();
  }

  @GetMapping
  BlockList.Page list(
      Caller caller,
      @PathVariable String userId,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    return blocks.list(caller, userId, limit, cursor);
  }
}
