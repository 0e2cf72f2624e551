package io.dugout.importer;

import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomStore;
import io.dugout.system.DugoutProperties;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./dugout import FILE [--data-dir DIR] [--batch N] [--name=value ...]}: imports a JSON
 * Lines file of chat history into the store the settings select (see {@code docs/import.md}). Exits
 * 0 when every line is imported or already present, 3 when some lines were rejected, 1 when the
 * import could not run or stopped (run it again to continue), 2 on a usage error.
 */
public final class ImportCommand {

  static final String USAGE =
      "usage: ./dugout import FILE [--data-dir DIR] [--batch N] [--name=value ...]\n"
          + "  imports rooms, members and messages from a JSON Lines file (docs/import.md);\n"
          + "  --name=value settings are the server's, e.g. --dugout.store.type=mongodb"
          + " --spring.mongodb.uri=mongodb://host/dugout";

  private ImportCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns its exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Path file = null;
    int batch = Importer.DEFAULT_BATCH;
    var spring = new ArrayList<String>();
    try {
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        switch (arg) {
          case "--help", "-h" -> {
            out.println(USAGE);
            return 0;
          }
          case "--data-dir" -> spring.add("--dugout.data-dir=" + value(args, ++i, arg));
          case "--batch" -> batch = Integer.parseInt(value(args, ++i, arg));
          default -> {
            if (arg.startsWith("--")) {
              spring.add(arg);
            } else if (file == null) {
              file = Path.of(arg);
            } else {
              throw new IllegalArgumentException("one file at a time, not also " + arg);
            }
          }
        }
      }
      if (file == null) {
        throw new IllegalArgumentException("which file?");
      }
      if (batch < 1) {
        throw new IllegalArgumentException("--batch must be at least 1");
      }
    } catch (IllegalArgumentException e) {
      err.println("dugout import: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (!Files.isRegularFile(file)) {
      err.println("dugout import: no such file: " + file);
      return 1;
    }
    return importFile(file, batch, spring, out, err);
  }

  private static int importFile(
      Path file, int batch, List<String> spring, PrintStream out, PrintStream err) {
    try (var context = ImportApplication.start(spring.toArray(String[]::new))) {
      var settings = context.getBean(DugoutProperties.class);
      var importer =
          new Importer(
              context.getBean(RoomStore.class),
              context.getBean(MessageStore.class),
              context.getBeanProvider(UnnotifiedMessages.class).getIfAvailable(),
              settings.limits().maxContentBytes(),
              batch,
              out);
      ImportSummary summary;
      try {
        summary = importer.run(file);
      } catch (IOException e) {
        err.println("dugout import: cannot read " + file + ": " + e.getMessage());
        return 1;
      } catch (RuntimeException e) {
        err.println("dugout import: stopped: " + e);
        err.println(
            "dugout import: what was imported stays; run the same command again to continue");
        return 1;
      }
      summary.print(out);
      return summary.rejected().isEmpty() ? 0 : 3;
    } catch (RuntimeException e) {
      err.println("dugout import: " + startFailure(e));
      return 1;
    }
  }

  /** Why the store could not be opened, saying so plainly when a server holds it. */
  static String startFailure(Throwable e) {
    Throwable root = e;
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      String message = String.valueOf(cause.getMessage());
      if (message.startsWith("cannot open RocksDB")
          && message.toLowerCase(Locale.ROOT).contains("lock")) {
        return "the data directory is in use: a Dugout server (or another import) has it open."
            + " Stop it first; nothing was imported. ("
            + message
            + ")";
      }
      root = cause;
    }
    // why: not the arguments, which may hold a password (spring.mongodb.uri)
    return "cannot open the store: " + root.getMessage();
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }
}
