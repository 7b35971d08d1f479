import Foundation
import Testing

/// docs/k8s/*.yaml, the Kubernetes recipes of docs/scale.md: valid against
/// the Kubernetes schemas (PyPI's kubernetes-validate, offline, strict:
/// an unknown field fails), shown in the doc as they are, and their
/// commands run here under each index an Indexed Job would give its pods.
/// No cluster runs here; what a cluster adds (scheduling, retries) is
/// shown on Slurm by SlurmRecipeTests.
@Suite(.serialized) struct KubernetesManifestTests {
    static let folder = CLIReferenceTests.repository + "/docs/k8s"
    static let files = ["cronjob.yaml", "indexed-job.yaml", "shard-job.yaml"]

    /// An executable on PATH, or nil.
    static func onPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile)
    }

    /// python3 when it can read YAML, or nil.
    static let yaml: String? = (try? Tool.run(["-c", "import yaml"], executable: "/usr/bin/python3"))?.status == 0 ? "/usr/bin/python3" : nil

    /// kubernetes-validate (PyPI) on PATH, or nil.
    static let validate: String? = onPath("kubernetes-validate")


    @Test func theFolderHoldsTheManifestsTheDocShows() throws {
        let listed = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(listed == Self.files)
        let blocks = SlurmRecipeTests.fencedBlocks(try String(contentsOfFile: CLIReferenceTests.repository + "/docs/scale.md", encoding: .utf8))
        for file in Self.files {
            let text = try String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
            #expect(blocks.contains(text), "docs/scale.md does not show docs/k8s/\(file) as it is")
        }
        #expect(blocks.filter { $0.contains("apiVersion:") }.count == Self.files.count, "docs/scale.md shows a manifest docs/k8s does not hold")
    }

    /// Against the oldest schemas the validator holds (1.25; Indexed Jobs
    /// are GA since 1.24) and its newest.
    @Test(.enabled(if: validate != nil,
                   "kubernetes-validate (PyPI) is not installed (scripts/setup.sh --test installs it)"),
          arguments: ["1.25.0", nil as String?])
    func theManifestsAreValid(version: String?) throws {
        let validate = try #require(Self.validate, "kubernetes-validate (PyPI) is not installed; CI must run KubernetesManifestTests")
        let versionArgs = version.map { ["-k", $0] } ?? []
        let r = try Tool.run(["--strict"] + versionArgs + Self.files, cwd: Self.folder, executable: validate)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.components(separatedBy: " passed for resource ").count - 1 == Self.files.count, "\(r.stdout)")
        // The same check fails a manifest with a misspelt field, so it reads them.
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let job = try String(contentsOfFile: Self.folder + "/indexed-job.yaml", encoding: .utf8)
        try job.replacingOccurrences(of: "completionMode:", with: "completionsMode:")
            .write(toFile: base + "/misspelt.yaml", atomically: true, encoding: .utf8)
        let bad = try Tool.run(["--strict"] + versionArgs + ["misspelt.yaml"], cwd: base, executable: validate)
        #expect(bad.status != 0 && (bad.stdout + bad.stderr).contains("completionsMode"), "\(bad.stdout)\(bad.stderr)")
    }

    /// What a pod runs: its command, its environment, and the Job's
    /// completions, read from the manifest by PyYAML.
    struct Pod: Decodable {
        var completions: Int
        var command: [String]
        var args: [String]
        var env: [String: String]
        var spec: String
    }

    static func pod(_ file: String) throws -> Pod {
        let script = """
            import json, sys, yaml
            doc = yaml.safe_load(open(sys.argv[1]))
            job = doc["spec"]["jobTemplate"]["spec"] if doc["kind"] == "CronJob" else doc["spec"]
            c = job["template"]["spec"]["containers"][0]
            print(json.dumps({"completions": job["completions"], "command": c["command"], "args": c["args"],
                              "env": {e["name"]: e["value"] for e in c.get("env", [])}, "spec": json.dumps(job, sort_keys=True)}))
            """
        let r = try Tool.run(["-c", script, Self.folder + "/" + file], executable: "/usr/bin/python3")
        guard r.status == 0 else { throw SlurmCluster.Failure(description: "docs/k8s/\(file): \(r.stderr)") }
        return try JSONDecoder().decode(Pod.self, from: Data(r.stdout.utf8))
    }

    /// Runs `pod`'s command as pod `index` would, with the manifest's
    /// variables (paths replaced by `paths`) and the tool on PATH.
    static func run(_ pod: Pod, index: Int, paths: [String: String]) throws -> Tool.Result {
        var env = pod.env.merging(paths) { _, new in new }
        env["JOB_COMPLETION_INDEX"] = "\(index)"
        env["PATH"] = (Tool.path as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        return try Tool.run(Array(pod.command.dropFirst()) + pod.args, executable: "/bin/bash", environment: env)
    }

    /// indexed-job.yaml on three diaries (one with a broken entry.json),
    /// under each of its eight indexes: each diary rendered by one pod, as
    /// one machine renders it; the broken one says exit 1 and its pod
    /// still succeeds. The CronJob runs the same Job.
    @Test(.enabled(if: yaml != nil,
                   "PyYAML (kubernetes-validate's dependency) is not installed (scripts/setup.sh --test installs it)"))
    func theIndexedJobRendersEachDiaryOnceUnderItsIndexes() throws {
        try #require(Self.yaml != nil, "PyYAML is not installed; CI must run KubernetesManifestTests")
        let job = try Self.pod("indexed-job.yaml"), cron = try Self.pod("cronjob.yaml")
        #expect(cron.spec == job.spec, "cronjob.yaml's jobTemplate is not indexed-job.yaml's spec")
        #expect(job.command == ["bash", "-c"] && job.args.count == 1)
        #expect(job.env["JOB_COMPLETIONS"] == "\(job.completions)", "JOB_COMPLETIONS is not the Job's completions")

        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let diaries = base + "/diaries", caches = base + "/caches", whole = base + "/whole"
        let users = ["alice", "bob", "chul soo"]
        for (i, user) in users.enumerated() {
            let book = try RenderCommandTests.Book()
            try book.add("e0", date: "2022-08-2\(i)", memo: user, shade: UInt8(60 * i), size: 160)
            try FileManager.default.createDirectory(atPath: diaries, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: book.root, toPath: diaries + "/" + user)
        }
        try Data("{\"title\": ".utf8).write(to: URL(fileURLWithPath: diaries + "/bob/e0/entry.json"))
        for user in ["alice", "chul soo"] {
            let r = try Tool.run(["render", diaries + "/" + user, "--cache", whole + "/" + user, "--jobs", "1", "--progress", "none"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        var said: [String] = []
        for index in 0..<job.completions {
            let r = try Self.run(job, index: index, paths: ["DIARIES": diaries, "CACHES": caches])
            #expect(r.status == 0, "pod \(index): \(r.stdout)\(r.stderr)")
            said += r.stdout.split(separator: "\n").filter { $0.contains(": exit ") }.map(String.init)
        }
        #expect(said.sorted() == ["alice: exit 0", "bob: exit 1", "chul soo: exit 0"])
        for user in ["alice", "chul soo"] { SlurmRecipeTests.expectSame(caches + "/" + user, as: whole + "/" + user, user) }
    }

    /// shard-job.yaml under each index: `--shard auto` takes K from
    /// JOB_COMPLETION_INDEX and N from JOB_COMPLETIONS, and the shards
    /// make one machine's cache.
    @Test(.enabled(if: yaml != nil,
                   "PyYAML (kubernetes-validate's dependency) is not installed (scripts/setup.sh --test installs it)"))
    func theShardJobsPodsMakeOneRunsCache() throws {
        try #require(Self.yaml != nil, "PyYAML is not installed; CI must run KubernetesManifestTests")
        let job = try Self.pod("shard-job.yaml")
        #expect(job.env["JOB_COMPLETIONS"] == "\(job.completions)", "JOB_COMPLETIONS is not the Job's completions")
        let book = try RenderCommandTests.Book()
        for (i, date) in ["2022-07-30", "2022-07-31", "2022-08-01", "2022-08-01", "2022-08-14", "2022-08-27"].enumerated() {
            try book.add(String(format: "e%02d", i), date: date, memo: "memo \(i)", shade: UInt8(30 * i), size: 160)
        }
        let one = try Tool.run(["render", book.root, "--cache", book.base + "/whole", "--jobs", "1", "--progress", "none"])
        #expect(one.status == 0, "\(one.stderr)")
        for index in 0..<job.completions {
            let r = try Self.run(job, index: index, paths: ["BOOK": book.root, "CACHE": book.cache])
            #expect(r.status == 0, "pod \(index): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("shard \(index)/\(job.completions) from JOB_COMPLETION_INDEX=\(index), JOB_COMPLETIONS=\(job.completions)"),
                    "pod \(index): \(r.stderr)")
        }
        SlurmRecipeTests.expectSame(book.cache, as: book.base + "/whole", "the shard job's cache")
    }
}
