import Foundation
import Synchronization
import Testing

/// docs/scale.md's Slurm recipes (docs/slurm/*.sbatch), submitted as
/// written with sbatch to a one-node cluster (scripts/slurm-local.sh):
/// many diaries through the array, a report step after it, one large book
/// split with `--shard auto`, a task cancelled and requeued, the node
/// drained and resumed, two arrays on the same shards at once. Every cache
/// must equal, byte for byte, what one machine renders from the same book.
/// Needs root and Debian's slurm packages (scripts/setup.sh --test):
/// without them its tests are skipped, by a trait that says why, here and
/// in CI alike.
@Suite(.serialized) struct SlurmRecipeTests {
    static let recipes = CLIReferenceTests.repository + "/docs/slurm"

    /// The recipes docs/scale.md shows are these files, letter for letter,
    /// and it shows no job script that is not one of them.
    @Test func theDocShowsTheRecipeFilesAsTheyAre() throws {
        let doc = try String(contentsOfFile: CLIReferenceTests.repository + "/docs/scale.md", encoding: .utf8)
        let blocks = Self.fencedBlocks(doc)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recipes).filter { $0.hasSuffix(".sbatch") }.sorted()
        #expect(files == ["check-shards.sbatch", "diaries-report.sbatch", "render-diaries.sbatch", "render-shards.sbatch"])
        for file in files {
            let text = try String(contentsOfFile: Self.recipes + "/" + file, encoding: .utf8)
            #expect(blocks.contains(text), "docs/scale.md does not show docs/slurm/\(file) as it is")
        }
        let scripts = blocks.filter { $0.contains("#SBATCH") }
        #expect(scripts.count == files.count, "docs/scale.md shows \(scripts.count) job scripts, docs/slurm holds \(files.count)")
    }

    /// The text of each fenced block of `markdown`, with a final newline.
    static func fencedBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current { blocks.append(lines.joined(separator: "\n") + "\n") }
                current = current == nil ? [] : nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines `USER: exit N` the array's tasks printed, from their outputs.
    static func exits(in folder: String, job: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("photicase-render-\(job)_") && $0.hasSuffix(".out") }
            .flatMap { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8).split(separator: "\n") }
            .filter { $0.range(of: #": exit [0-9]+$"#, options: .regularExpression) != nil }.map(String.init).sorted()
    }

    /// Expects `cache` to hold exactly `reference`'s outputs, byte for
    /// byte, and no writer's temporary file.
    static func expectSame(_ cache: String, as reference: String, _ name: String) {
        let expected = ShardCommandTests.outputs(reference), got = ShardCommandTests.outputs(cache)
        #expect(expected.contains { $0.hasPrefix("tickets/") } && expected.contains { $0.hasPrefix("days/") }, "\(name): \(expected)")
        #expect(!got.contains { $0.contains(".tmp-") }, "\(name): a temporary file was left: \(got)")
        #expect(got == expected, "\(name): the files differ from one machine's render")
        for file in expected where got.contains(file) {
            let a = FileManager.default.contents(atPath: reference + "/" + file)
            let b = FileManager.default.contents(atPath: cache + "/" + file)
            #expect(a != nil && a == b, "\(name): \(file) differs from one machine's render")
        }
    }

    /// 17 diaries of one or two entries (one user's name has a space), the
    /// array of 16 tasks as written (one task renders two diaries), the
    /// report after it, submitted by `nobody`. Each task has Slurm's array
    /// variables set: no diary may come out sharded.
    @Test(.enabled(if: SlurmCluster.unavailable == nil, "no one-node cluster can start here: root and scripts/setup.sh --test's slurm packages"))
    func manyDiariesThroughTheArrayEqualRendersOnOneMachine() throws {
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fm = FileManager.default
        let diaries = base + "/diaries", caches = base + "/caches", whole = base + "/whole", out = base + "/out"
        for folder in [diaries, caches, whole, out] { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let users = (0..<16).map { String(format: "user%02d", $0) } + ["chul soo"]
        for (i, user) in users.enumerated() {
            let book = try RenderCommandTests.Book()
            for n in 0...(i % 2) {
                try book.add("e\(n)", date: String(format: "2022-%02d-%02d", 1 + i % 12, 1 + n + i % 20), memo: "\(user) \(n)",
                             shade: UInt8(10 * i + n), size: 160)
            }
            try fm.moveItem(atPath: book.root, toPath: diaries + "/" + user)
        }
        // One machine's renders, a diary per core at a time.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: users.count) { i in
            let r = try? Tool.run(["render", diaries + "/" + users[i], "--cache", whole + "/" + users[i], "--jobs", "1", "--progress", "none"])
            if r?.status != 0 { failures.withLock { $0.append("\(users[i]): \(r?.stderr ?? "did not run")") } }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        for file in ["render-diaries.sbatch", "diaries-report.sbatch"] {
            try fm.copyItem(atPath: Self.recipes + "/" + file, toPath: out + "/" + file)
        }
        try Tool.giveToNobody(base)
        let tool = try Tool.publicCopy.get()

        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        let env = ["PATH": (tool as NSString).deletingLastPathComponent + ":/usr/bin:/bin", "DIARIES": diaries, "CACHES": caches]
        let array = try cluster.submit(["render-diaries.sbatch"], cwd: out, environment: env, asNobody: true)
        let report = try cluster.submit(["--dependency=afterok:\(array)", "--kill-on-invalid-dep=yes", "diaries-report.sbatch"],
                                        cwd: out, environment: env, asNobody: true)
        #expect(try cluster.waitUntilFinished([array, report], seconds: 180), "the array or its report still queued after 180 s")

        let tasks = try cluster.tasks(array)
        #expect(tasks.keys.sorted() == Array(0..<16), "\(tasks)")
        #expect(tasks.values.allSatisfy { $0.state == "COMPLETED" && $0.exit == "0:0" }, "\(tasks)")
        // Each diary rendered by exactly one task, and well.
        #expect(try Self.exits(in: out, job: array) == users.map { "\($0): exit 0" }.sorted())
        #expect(try cluster.state(report).state == "COMPLETED")
        let listed = try String(contentsOfFile: out + "/photicase-report-\(report).out", encoding: .utf8)
        #expect(listed.hasSuffix("diaries without a finished run: 0\n"), "\(listed)")
        for user in users { #expect(listed.contains("\n\(user): rendered ") || listed.hasPrefix("\(user): rendered "), "\(user): \(listed)") }

        for user in users {
            let cache = caches + "/" + user
            Self.expectSame(cache, as: whole + "/" + user, user)
            // Rendered whole: one index, no shard's, and log lines that name no shard.
            let names = (try? fm.contentsOfDirectory(atPath: cache)) ?? []
            #expect(names.contains("index.sqlite") && !names.contains { $0.contains("-of-") }, "\(user): \(names)")
            let log = (try? String(contentsOfFile: cache + "/render.log", encoding: .utf8)) ?? ""
            #expect(log.contains(" shard=0/1 ") && !log.contains(" shard "), "\(user): \(log)")
            // The task ran as the user who submitted it.
            let owner = (try? fm.attributesOfItem(atPath: cache + "/render.log"))?[.ownerAccountID] as? Int
            #expect(owner == 65534, "\(user): render.log owned by \(owner.map(String.init) ?? "?"), not nobody")
        }
    }

    /// The sample book split four ways by render-shards.sbatch (`--shard
    /// auto`). With the node drained, one running task is cancelled
    /// mid-run, then requeued and the node resumed: the cache converges to
    /// one run's bytes, and check-shards.sbatch finds nothing left. Then two
    /// arrays on the same shards at once, one task per array at a time:
    /// `--wait` and the shard locks let one of each pair render and the
    /// other find it done.
    @Test(.enabled(if: SlurmCluster.unavailable == nil, "no one-node cluster can start here: root and scripts/setup.sh --test's slurm packages"),
          .enabled(if: FileManager.default.fileExists(atPath: CLIReferenceTests.repository + "/fixtures/book/2022-08-27-decision/front.jpg"),
                   "fixtures/book has no photos: run fixture-maker --book fixtures/book (scripts/test.sh does)"))
    func aLargeBookSplitByTheArraySurvivesACancelADrainAndTwoArraysAtOnce() throws {
        let fm = FileManager.default
        let sample = CLIReferenceTests.repository + "/fixtures/book"
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let book = base + "/book", cache = base + "/cache", whole = base + "/whole", out = base + "/out"
        try fm.copyItem(atPath: sample, toPath: book)
        try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        let one = try Tool.run(["render", book, "--cache", whole, "--jobs", "2", "--progress", "none"])
        #expect(one.status == 0, "\(one.stderr)")

        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        let node = try cluster.client("sinfo", ["-h", "-o", "%N"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let env = ["PATH": (Tool.path as NSString).deletingLastPathComponent + ":/usr/bin:/bin", "BOOK": book, "CACHE": cache]
        let shards = Self.recipes + "/render-shards.sbatch", check = Self.recipes + "/check-shards.sbatch"
        let array = try cluster.submit([shards], cwd: out, environment: env)

        // Wait for a shard to have rendered something: it is mid-run.
        var victim: Int?
        let deadline = Date().addingTimeInterval(60)
        while victim == nil, Date() < deadline {
            let log = (try? String(contentsOfFile: cache + "/render.log", encoding: .utf8)) ?? ""
            victim = (0..<4).first { log.contains("shard \($0)/4: rendered ") }
            if victim == nil { usleep(50_000) }
        }
        let k = try #require(victim, "no shard rendered anything within 60 s")
        // Drained first, so the cancelled task's place is not taken at once.
        let drain = try cluster.client("scontrol", ["update", "nodename=\(node)", "state=drain", "reason=test"])
        #expect(drain.status == 0, "\(drain.stderr)")
        let cancel = try cluster.client("scancel", ["\(array)_\(k)"])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        var cancelled = false
        for _ in 0..<80 where !cancelled {
            cancelled = try cluster.tasks(array)[k]?.state == "CANCELLED"
            if !cancelled { usleep(250_000) }
        }
        #expect(cancelled, "task \(k) not cancelled: \((try? cluster.tasks(array)) ?? [:])")
        // Stopped mid-run by the SIGTERM: what it wrote is kept, the rest left.
        // Slurm says CANCELLED as it signals; the run still finishes the
        // items in flight and then says so (on a busy machine, seconds later).
        let outFile = out + "/photicase-shards-\(array)_\(k).out"
        var stopped = ""
        for _ in 0..<120 {
            stopped = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
            if stopped.contains("left for the next run") || stopped.contains(" in ") && stopped.contains("removed") { break }
            usleep(250_000)
        }
        #expect(stopped.contains("shard \(k)/4 from SLURM_ARRAY_TASK_ID=\(k), SLURM_ARRAY_TASK_COUNT=4"), "\(stopped)")
        #expect(stopped.contains("stopped by SIGTERM") && stopped.contains("left for the next run"), "\(stopped)")
        // And in the cache's log, where every shard's lines meet.
        let startLines = try String(contentsOfFile: cache + "/render.log", encoding: .utf8)
        #expect(startLines.contains("shard=\(k)/4 (from SLURM_ARRAY_TASK_ID=\(k), SLURM_ARRAY_TASK_COUNT=4"), "\(startLines)")
        // While drained, no task starts: the ones still pending stay so.
        let pending = try cluster.tasks(array).filter { $0.value.state == "PENDING" }.keys
        #expect(!pending.isEmpty, "every task started before the drain: \((try? cluster.tasks(array)) ?? [:])")
        sleep(2)
        #expect(try cluster.tasks(array).filter { $0.value.state == "PENDING" }.keys.sorted() == pending.sorted())

        let requeue = try cluster.client("scontrol", ["requeue", "\(array)_\(k)"])
        #expect(requeue.status == 0, "\(requeue.stderr)")
        let resume = try cluster.client("scontrol", ["update", "nodename=\(node)", "state=resume"])
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(try cluster.waitUntilFinished([array], seconds: 120), "the shards still queued after 120 s")
        let tasks = try cluster.tasks(array)
        #expect(tasks.keys.sorted() == [0, 1, 2, 3] && tasks.values.allSatisfy { $0.state == "COMPLETED" }, "\(tasks)")
        #expect(tasks[k]?.restarts == 1, "\(tasks)")

        // afterok on the array id stays unsatisfiable once a task was
        // cancelled, requeued or not (docs/scale.md says so); on the
        // tasks' own ids it holds.
        let never = try cluster.submit(["--dependency=afterok:\(array)", "--kill-on-invalid-dep=yes", check, "4"], cwd: out, environment: env)
        let each = (0..<4).map { "\(array)_\($0)" }.joined(separator: ":")
        let checked = try cluster.submit(["--dependency=afterok:\(each)", "--kill-on-invalid-dep=yes", check, "4"], cwd: out, environment: env)
        #expect(try cluster.waitUntilFinished([never, checked], seconds: 60))
        #expect(try cluster.state(never) == ("CANCELLED", "DependencyNeverSatisfied"))
        #expect(try cluster.state(checked).state == "COMPLETED")
        let said = try String(contentsOfFile: out + "/photicase-check-\(checked).out", encoding: .utf8)
        #expect(said.hasSuffix("shards with work left: 0\n"), "\(said)")
        let log = try String(contentsOfFile: cache + "/render.log", encoding: .utf8)
        #expect(log.contains("shard \(k)/4: run stopped by SIGTERM"), "\(log)")
        Self.expectSame(cache, as: whole, "the cancelled and requeued shards' cache")

        // Two arrays at once on a second cache, each one task at a time.
        let shared = base + "/shared"
        var both = env
        both["CACHE"] = shared
        let first = try cluster.submit(["--array=0-3%1", shards], cwd: out, environment: both)
        let second = try cluster.submit(["--array=0-3%1", shards], cwd: out, environment: both)
        #expect(try cluster.waitUntilFinished([first, second], seconds: 180), "the two arrays still queued after 180 s")
        for job in [first, second] {
            let tasks = try cluster.tasks(job)
            #expect(tasks.count == 4 && tasks.values.allSatisfy { $0.state == "COMPLETED" && $0.exit == "0:0" }, "\(job): \(tasks)")
        }
        let runs = try String(contentsOfFile: shared + "/render.log", encoding: .utf8).split(separator: "\n").filter { $0.contains(": run done ") }
        for shard in 0..<4 {
            let done = runs.filter { $0.contains("shard \(shard)/4: run done ") }
            #expect(done.count == 2 && done.filter { $0.contains("run done rendered 0,") }.count == 1,
                    "shard \(shard): two runs, and one found the other's work done: \(done)")
        }
        let outputs = try [first, second].flatMap { job in
            try (0..<4).map { try String(contentsOfFile: out + "/photicase-shards-\(job)_\($0).out", encoding: .utf8) }
        }
        #expect(outputs.contains { $0.contains("waiting for another photicase-render") }, "no task waited: \(outputs)")
        Self.expectSame(shared, as: whole, "the two arrays' cache")
    }
}
/// A one-node Slurm cluster for one test, started by
/// scripts/slurm-local.sh in the test's temporary folder and stopped by
/// `stop` (from a `defer`, so a failing test stops it too).
final class SlurmCluster {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A port of its own, so a cluster started by hand on the default
    /// (6817) keeps running beside the tests'.
    static let port = "6917"
    static let script = CLIReferenceTests.repository + "/scripts/slurm-local.sh"

    /// Why no cluster can start here, or nil.
    static var unavailable: String? {
        for tool in ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch", "/usr/sbin/munged"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (scripts/setup.sh --test installs slurmctld slurmd slurm-client munge)"
        }
        guard Tool.isRoot else { return "a one-node cluster starts only as root (munged runs as munge, slurmd switches users)" }
        return nil
    }

    /// Its own temporary folder: munged refuses a log below a folder
    /// that neither root nor munge owns (a test's folder given to nobody).
    let base: String
    var dir: String { base + "/slurm" }
    private var running = true

    init() throws {
        base = try Tool.temporaryDirectory()
        let r = try Tool.run([Self.script, "start", dir], executable: "/bin/bash", environment: ["SLURM_LOCAL_PORT": Self.port])
        guard r.status == 0 else {
            _ = try? Tool.run([Self.script, "stop", dir], executable: "/bin/bash", environment: ["SLURM_LOCAL_PORT": Self.port])
            try? FileManager.default.removeItem(atPath: base)
            throw Failure(description: "scripts/slurm-local.sh start \(dir): exit \(r.status): \(r.stdout)\(r.stderr)")
        }
    }

    var conf: String { dir + "/slurm.conf" }

    /// Stops the daemons by their pids; records a failure when they do not
    /// all end (a cluster left running would hold the port).
    func stop() {
        guard running else { return }
        running = false
        do {
            let r = try Tool.run([Self.script, "stop", dir], executable: "/bin/bash", environment: ["SLURM_LOCAL_PORT": Self.port])
            let status = try Tool.run([Self.script, "status", dir], executable: "/bin/bash")
            #expect(r.status == 0 && !status.stdout.contains(": running"), "\(r.stdout)\(r.stderr)\(status.stdout)")
        } catch {
            Issue.record("scripts/slurm-local.sh stop \(dir): \(error)")
        }
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Runs a Slurm client (`scontrol`, `squeue`, `sbatch`...) against this cluster.
    func client(_ tool: String, _ args: [String], cwd: String? = nil, environment: [String: String] = [:]) throws -> Tool.Result {
        try Tool.run(args, cwd: cwd, executable: "/usr/bin/" + tool, environment: environment.merging(["SLURM_CONF": conf]) { a, _ in a })
    }

    /// `sbatch --parsable ARGS` from `cwd`; the job's id. As `nobody`
    /// (through setpriv, with only the variables given) when `asNobody`.
    func submit(_ args: [String], cwd: String, environment: [String: String], asNobody: Bool = false) throws -> String {
        let r: Tool.Result
        if asNobody {
            let env = environment.merging(["SLURM_CONF": conf]) { a, _ in a }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            r = try Tool.run(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--reset-env", "--", "/usr/bin/env"] + env
                             + ["/usr/bin/sbatch", "--parsable"] + args, cwd: cwd, executable: "/usr/bin/setpriv")
        } else {
            r = try client("sbatch", ["--parsable"] + args, cwd: cwd, environment: environment)
        }
        let id = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard r.status == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
            throw Failure(description: "sbatch \(args.joined(separator: " ")): exit \(r.status): \(r.stdout)\(r.stderr)")
        }
        return id
    }

    /// Waits until none of `jobs` is queued or running; false after `seconds`.
    func waitUntilFinished(_ jobs: [String], seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let r = try client("squeue", ["-h", "-r", "-j", jobs.joined(separator: ","), "-o", "%i"])
            if r.status == 0 && r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return true }
            usleep(250_000)
        }
        return false
    }

    /// What the controller keeps of a job (for `MinJobAge`): each of its
    /// records (one per array task) as `Key=value` fields.
    func records(_ job: String) throws -> [[String: String]] {
        let r = try client("scontrol", ["-o", "show", "job", job])
        guard r.status == 0 else { throw Failure(description: "scontrol show job \(job): \(r.stderr)") }
        return r.stdout.split(separator: "\n").map { line in
            var fields: [String: String] = [:]
            for word in line.split(separator: " ") {
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            return fields
        }
    }

    /// An array's tasks by their id: state, exit code and restarts. Tasks
    /// that have not started share one record (`ArrayTaskId=2-3,5%1`).
    func tasks(_ job: String) throws -> [Int: (state: String, exit: String, restarts: Int)] {
        var found: [Int: (String, String, Int)] = [:]
        for record in try records(job) {
            guard let ids = record["ArrayTaskId"]?.split(separator: "%").first else { continue }
            for part in ids.split(separator: ",") {
                let bounds = part.split(separator: "-").compactMap { Int($0) }
                guard let low = bounds.first, let high = bounds.last, low <= high else { continue }
                for id in low...high {
                    found[id] = (record["JobState"] ?? "?", record["ExitCode"] ?? "?", Int(record["Restarts"] ?? "") ?? -1)
                }
            }
        }
        return found
    }

    /// A job's state and reason.
    func state(_ job: String) throws -> (state: String, reason: String) {
        let record = try records(job).first ?? [:]
        return (record["JobState"] ?? "?", record["Reason"] ?? "?")
    }
}
