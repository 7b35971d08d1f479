import Foundation
import Glibc
import Testing

/// scripts/slurm-local.sh runs its daemons as root in a folder: a folder
/// someone else made, or a link planted in one, must not turn root's
/// chown and chmod on another file; a folder with a space must work; a
/// start that fails must leave no daemon behind (issue 53, "The cluster
/// script"). Needs root and Debian's slurm packages, as SlurmRecipeTests;
/// CI (root) must run it.
@Suite(.serialized) struct SlurmLocalSafetyTests {
    /// Runs the suite where a cluster can start, and always in CI (where a
    /// missing package or root then fails the test instead of skipping it).
    static let runs = SlurmCluster.unavailable == nil

    /// `scripts/slurm-local.sh ARGS` on its own ports (PORT and PORT+1,
    /// apart from SlurmRecipeTests' 6917 and the default 6817).
    static func script(_ args: [String], port: Int, environment: [String: String] = [:]) throws -> Tool.Result {
        try Tool.run([SlurmCluster.script] + args, executable: "/bin/bash",
                     environment: environment.merging(["SLURM_LOCAL_PORT": "\(port)"]) { a, _ in a })
    }

    /// `sh -c COMMAND` as USER (nobody, munge), as an attacker would.
    static func shell(as user: String, group: String, _ command: String) throws {
        let r = try Tool.run(["--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--", "/bin/sh", "-c", command],
                             executable: "/usr/bin/setpriv")
        try #require(r.status == 0, "as \(user): \(command): \(r.stderr)")
    }

    /// The live processes whose command line names FOLDER (munged,
    /// slurmctld, slurmd and slurmscriptd all do): a daemon of that
    /// cluster, whatever its pid files say. Zombies are not counted.
    static func daemons(in folder: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        return pids.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty,
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"), !stat[stat.index(after: close)...].hasPrefix(" Z")
            else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(folder) ? "\(pid) \(line)" : nil
        }
    }

    /// Stops the cluster in FOLDER, then ends by pid any daemon of it
    /// still running (left by a script that failed to stop it), so no test
    /// leaves a cluster behind; removes BASE.
    static func cleanUp(_ folder: String, port: Int, base: String) {
        _ = try? script(["stop", folder], port: port)
        for daemon in daemons(in: folder) {
            if let pid = Int32(daemon.prefix { $0 != " " }) { kill(pid, SIGTERM) }
        }
        for _ in 0..<50 where !daemons(in: folder).isEmpty { usleep(100_000) }
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Owner, mode and bytes of a file, not following a link.
    static func state(_ path: String) throws -> String {
        var st = stat()
        try #require(lstat(path, &st) == 0, "\(path): \(String(cString: strerror(errno)))")
        let bytes = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?"
        return "uid \(st.st_uid) gid \(st.st_gid) mode \(String(st.st_mode & 0o7777, radix: 8)) \(bytes)"
    }

    /// A file of root's, mode 0600, that a planted link points to.
    static func victim(in base: String) throws -> (path: String, state: String) {
        let path = base + "/victim"
        try "root's own\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        return (path, try state(path))
    }

    /// A folder named like the default, made first by nobody (mode 0777)
    /// in a sticky folder like /tmp, holding links to a file of root's
    /// where the script puts its key and slurm.conf: `start` refuses it,
    /// changes the owner or mode of nothing there, and starts nothing.
    @Test(.enabled(if: runs, "no one-node cluster can start here (root and scripts/setup.sh --test's slurm packages)"))
    func aFolderSomeoneElseMadeIsRefusedAndLeftAsItIs() throws {
        try #require(SlurmCluster.unavailable == nil, "\(SlurmCluster.unavailable ?? ""); CI must run SlurmLocalSafetyTests")
        let base = try Tool.temporaryDirectory(), tmp = base + "/tmp", planted = tmp + "/photicase-slurm"
        defer { Self.cleanUp(planted, port: 6901, base: base) }
        chmod(base, 0o755)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        chmod(tmp, 0o1777)
        let victim = try Self.victim(in: base)
        try Self.shell(as: "nobody", group: "nogroup", """
            umask 0 && mkdir '\(planted)' '\(planted)/munge' && chmod 0777 '\(planted)' '\(planted)/munge' \
            && for f in munge.key munge/munge.key slurm.conf; do ln -s '\(victim.path)' "\(planted)/$f" || exit 1; done
            """)
        let before = try ["", "/munge", "/munge.key", "/munge/munge.key", "/slurm.conf"].map { try Self.state(planted + $0) }

        // Taken as the default is: through SLURM_LOCAL_DIR, no argument.
        let r = try Self.script(["start"], port: 6901, environment: ["SLURM_LOCAL_DIR": planted])
        #expect(r.status != 0 && r.stderr.contains("refused"), "start took a folder nobody made: \(r.stdout)\(r.stderr)")
        #expect(try Self.state(victim.path) == victim.state, "root's file behind the planted links was changed")
        let after = try ["", "/munge", "/munge.key", "/munge/munge.key", "/slurm.conf"].map { try Self.state(planted + $0) }
        #expect(after == before, "the planted folder was changed")
        #expect(Self.daemons(in: planted).isEmpty, "daemons run in the planted folder: \(Self.daemons(in: planted))")
    }

    /// A link that munge (the owner of munge/) plants in a folder `start`
    /// made, pointing to a file of root's: the next `start` refuses the
    /// folder and does not chown or chmod that file.
    @Test(.enabled(if: runs, "no one-node cluster can start here (root and scripts/setup.sh --test's slurm packages)"))
    func aLinkPlantedInItsOwnFolderIsRefusedAndNotFollowed() throws {
        try #require(SlurmCluster.unavailable == nil, "\(SlurmCluster.unavailable ?? ""); CI must run SlurmLocalSafetyTests")
        let base = try Tool.temporaryDirectory(), dir = base + "/slurm"
        defer { Self.cleanUp(dir, port: 6903, base: base) }
        chmod(base, 0o755)
        let first = try Self.script(["start", dir], port: 6903)
        try #require(first.status == 0, "start \(dir): \(first.stdout)\(first.stderr)")
        let stop = try Self.script(["stop", dir], port: 6903)
        try #require(stop.status == 0, "stop \(dir): \(stop.stdout)\(stop.stderr)")
        let victim = try Self.victim(in: base)
        try Self.shell(as: "munge", group: "munge", "rm -f '\(dir)/munge/munge.key' && ln -s '\(victim.path)' '\(dir)/munge/munge.key'")

        let r = try Self.script(["start", dir], port: 6903)
        #expect(r.status != 0 && r.stderr.contains("symbolic link"), "start followed a planted link: \(r.stdout)\(r.stderr)")
        #expect(try Self.state(victim.path) == victim.state, "root's file behind the planted link was changed")
        #expect(Self.daemons(in: dir).isEmpty, "daemons run: \(Self.daemons(in: dir))")
    }

    /// A folder whose path holds a space: slurm.conf quotes it, the
    /// cluster runs a job, and `stop` ends every daemon.
    @Test(.enabled(if: runs, "no one-node cluster can start here (root and scripts/setup.sh --test's slurm packages)"))
    func aFolderWithASpaceRunsAJobAndStops() throws {
        try #require(SlurmCluster.unavailable == nil, "\(SlurmCluster.unavailable ?? ""); CI must run SlurmLocalSafetyTests")
        let base = try Tool.temporaryDirectory(), spaced = base + "/a b", dir = spaced + "/slurm cluster"
        defer { Self.cleanUp(dir, port: 6905, base: base) }
        try FileManager.default.createDirectory(atPath: spaced, withIntermediateDirectories: false)
        chmod(base, 0o755)
        chmod(spaced, 0o755)
        let start = try Self.script(["start", dir], port: 6905)
        try #require(start.status == 0, "start \(dir): \(start.stdout)\(start.stderr)")
        #expect(start.stdout.hasSuffix("export SLURM_CONF=\(base)/a\\ b/slurm\\ cluster/slurm.conf\n"), "\(start.stdout)")

        let env = ["SLURM_CONF": dir + "/slurm.conf"]
        let job = try Tool.run(["--wait", "--parsable", "--output", spaced + "/job.out", "--wrap", "echo ran"],
                               cwd: spaced, executable: "/usr/bin/sbatch", environment: env)
        #expect(job.status == 0, "sbatch: \(job.stdout)\(job.stderr)")
        #expect((try? String(contentsOfFile: spaced + "/job.out", encoding: .utf8)) == "ran\n", "the job's output")

        let stop = try Self.script(["stop", dir], port: 6905)
        #expect(stop.status == 0, "stop: \(stop.stdout)\(stop.stderr)")
        let status = try Self.script(["status", dir], port: 6905)
        #expect(!status.stdout.contains(": running"), "\(status.stdout)\(status.stderr)")
        #expect(Self.daemons(in: dir).isEmpty, "daemons still run: \(Self.daemons(in: dir))")
    }

    /// slurmd's port taken by a listening socket: slurmd cannot start, after
    /// munged and slurmctld did. `start` fails and stops both (in ~16 s:
    /// it waits 15 s for slurmd's pid).
    @Test(.enabled(if: runs, "no one-node cluster can start here (root and scripts/setup.sh --test's slurm packages)"))
    func aStartThatFailsLeavesNoDaemonRunning() throws {
        try #require(SlurmCluster.unavailable == nil, "\(SlurmCluster.unavailable ?? ""); CI must run SlurmLocalSafetyTests")
        let base = try Tool.temporaryDirectory(), dir = base + "/slurm"
        defer { Self.cleanUp(dir, port: 6907, base: base) }
        chmod(base, 0o755)
        let listener = try Self.listener(on: 6908)
        defer { close(listener) }

        let r = try Self.script(["start", dir], port: 6907)
        #expect(r.status != 0 && r.stderr.contains("slurmd"), "start with slurmd's port taken: \(r.stdout)\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/munge/munged.log"), "munged never started: the failure came too early")
        #expect(Self.daemons(in: dir).isEmpty, "a failed start left daemons running: \(Self.daemons(in: dir))")
    }

    /// A socket listening on 127.0.0.1:PORT.
    static func listener(on port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SlurmCluster.Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }
}
