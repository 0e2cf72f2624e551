# Sourced by ./dugout, deploy/aot-train.sh and the benchmark scripts: the JVM options the server
# runs with, one list for all of them (docs/operations.md lists the same for a production command).
#   dugout_java_major JAVA    prints the major version of that java binary (21, 25, ...)
#   dugout_jvm_options MAJOR  sets the array DUGOUT_JVM_OPTIONS for a JVM of that major version
# The heap free ratios let G1 give back committed heap above 30 % free when it shrinks the heap (at
# a full GC or the end of a marking cycle), and compact object headers (8 bytes instead of 12) make
# the heap smaller: an idle connection costs less RSS (docs/operations.md, "Memory per connection").
# A tenuring threshold of 2 moves what outlives two young collections (sessions, subscriptions,
# caches) to the old generation instead of copying it between survivor spaces up to 15 times,
# which made most of a young pause (docs/operations.md, "Garbage collection").

dugout_java_major() {
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | cut -d. -f1
}

dugout_jvm_options() {
  DUGOUT_JVM_OPTIONS=(--enable-native-access=ALL-UNNAMED -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10
    -XX:MaxTenuringThreshold=2)
  # why: a product option from JDK 25 on; JDK 21 to 24 refuse to start with it
  if [ "$1" -ge 25 ]; then
    DUGOUT_JVM_OPTIONS+=(-XX:+UseCompactObjectHeaders)
  fi
}
