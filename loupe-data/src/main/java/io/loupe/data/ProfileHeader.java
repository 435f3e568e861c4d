package io.loupe.data;

/**
 * The first block of a profile.
 *
 * @param loupeVersion  version of Loupe that wrote the profile
 * @param createdMillis wall-clock time of the dump
 * @param options       the agent options, as a {@code key=value,…} string
 * @param k             iterations per k-path (1 = plain Ball–Larus)
 * @param jvm           {@code java.vm.name} and {@code java.version} of the profiled JVM
 * @param command       the profiled program's command ({@code sun.java.command}), may be empty
 */
public record ProfileHeader(String loupeVersion, long createdMillis, String options, int k, String jvm, String command) {
}
