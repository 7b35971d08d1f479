/// `--shard auto`: the shard a cluster engine gave this task, read from the
/// variables the engine sets, so one job script serves every task.
///
/// Only asked for, never assumed: a plain `render` renders the whole book
/// whatever the environment holds. A Slurm array that renders many
/// diaries runs `render` inside its tasks with these variables set; if
/// they sharded each diary silently, every diary would be rendered in
/// part and no error would say so.
public enum EngineShard {
    /// The word `--shard` takes to read the shard from the environment.
    public static let auto = "auto"

    /// A shard and where it came from, as the run reports it.
    public struct Found: Equatable, Sendable {
        public var shard: Shard
        /// The variables it was read from, `NAME=value`, in the order read.
        public var source: [String]

        /// One line for the task's output: which shard and from what.
        public var line: String { "shard \(shard) from \(source.joined(separator: ", "))" }
    }

    /// Kubernetes sets the index in an Indexed Job's pods but not the
    /// count: the manifest passes `spec.completions` under this name.
    public static let completionsVariable = "JOB_COMPLETIONS"

    /// Reads the shard from `value` (the process environment, or a
    /// dictionary in tests). A Slurm array task gives it by its task id and
    /// the array's range; a Kubernetes Indexed Job's pod by
    /// `JOB_COMPLETION_INDEX` and `JOB_COMPLETIONS`.
    public static func resolve(_ value: (String) -> String?) throws(EngineShardError) -> Found {
        let slurm = value("SLURM_ARRAY_TASK_ID") != nil || value("SLURM_ARRAY_TASK_COUNT") != nil
        let kubernetes = value("JOB_COMPLETION_INDEX") != nil || value(completionsVariable) != nil
        switch (slurm, kubernetes) {
        case (true, true): throw .twoEngines
        case (true, false): return try slurmArray(value)
        case (false, true): return try indexedJob(value)
        case (false, false): throw .noEngine
        }
    }

    /// A Slurm array task. Slurm numbers tasks as `--array` says (`1-8`,
    /// `0-15:4`): K counts them from 0 along the range. An array given as a
    /// list (`0,2,5`) has gaps that no K/N covers, so it is refused.
    static func slurmArray(_ value: (String) -> String?) throws(EngineShardError) -> Found {
        var source: [String] = []
        func number(_ name: String, required: Bool) throws(EngineShardError) -> Int? {
            guard let text = value(name) else {
                if required { throw .missing(name, with: "SLURM_ARRAY_TASK_ID") }
                return nil
            }
            guard let n = Int(text), n >= 0 else { throw .notANumber(name, text) }
            source.append("\(name)=\(text)")
            return n
        }
        guard let id = try number("SLURM_ARRAY_TASK_ID", required: true),
              let count = try number("SLURM_ARRAY_TASK_COUNT", required: true) else { throw .noEngine }
        let min = try number("SLURM_ARRAY_TASK_MIN", required: false) ?? 0
        let step = try number("SLURM_ARRAY_TASK_STEP", required: false) ?? 1
        let max = try number("SLURM_ARRAY_TASK_MAX", required: false) ?? min + (count - 1) * step
        guard step >= 1, max >= min, (max - min) % step == 0, (max - min) / step + 1 == count else {
            throw .notARange(min: min, max: max, step: step, count: count)
        }
        guard id >= min, id <= max, (id - min) % step == 0 else {
            throw .outside(index: "SLURM_ARRAY_TASK_ID=\(id)", count: "SLURM_ARRAY_TASK_MIN..MAX=\(min)..\(max)")
        }
        return try found(index: (id - min) / step, count: count, source: source)
    }

    /// A pod of a Kubernetes Indexed Job: the index is 0-based already.
    static func indexedJob(_ value: (String) -> String?) throws(EngineShardError) -> Found {
        guard let indexText = value("JOB_COMPLETION_INDEX") else { throw .missing("JOB_COMPLETION_INDEX", with: completionsVariable) }
        guard let countText = value(completionsVariable) else { throw .missing(completionsVariable, with: "JOB_COMPLETION_INDEX") }
        guard let index = Int(indexText), index >= 0 else { throw .notANumber("JOB_COMPLETION_INDEX", indexText) }
        guard let count = Int(countText), count >= 1 else { throw .notANumber(completionsVariable, countText) }
        guard index < count else {
            throw .outside(index: "JOB_COMPLETION_INDEX=\(index)", count: "\(completionsVariable)=\(count)")
        }
        return try found(index: index, count: count,
                         source: ["JOB_COMPLETION_INDEX=\(indexText)", "\(completionsVariable)=\(countText)"])
    }

    static func found(index: Int, count: Int, source: [String]) throws(EngineShardError) -> Found {
        // The limit `--shard K/N` has: past it, N indexes in one folder.
        guard count <= 1_000_000 else { throw .tooMany(count) }
        return Found(shard: Shard(index: index, count: count), source: source)
    }
}

/// Why `--shard auto` found no shard; each names the variables concerned.
public enum EngineShardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither a Slurm array task's nor an Indexed Job pod's variables.
    case noEngine
    /// Both engines' variables: which one placed this task is unknown.
    case twoEngines
    /// One of a pair is set and the other not.
    case missing(String, with: String)
    case notANumber(String, String)
    /// A Slurm array given as a list, or a range the count disagrees with.
    case notARange(min: Int, max: Int, step: Int, count: Int)
    case outside(index: String, count: String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case .noEngine:
            "--shard auto: neither SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm array task) nor "
                + "JOB_COMPLETION_INDEX and \(EngineShard.completionsVariable) (a Kubernetes Indexed Job) are set; pass --shard K/N"
        case .twoEngines:
            "--shard auto: both a Slurm array task's variables (SLURM_ARRAY_TASK_*) and a Kubernetes Indexed Job's "
                + "(JOB_COMPLETION_INDEX, \(EngineShard.completionsVariable)) are set; pass --shard K/N"
        case let .missing(name, other):
            "--shard auto: \(other) is set but \(name) is not"
        case let .notANumber(name, text):
            "--shard auto: \(name) must be a whole number, not '\(text)'"
        case let .notARange(min, max, step, count):
            "--shard auto: the Slurm array is not one range (SLURM_ARRAY_TASK_MIN=\(min), MAX=\(max), STEP=\(step), "
                + "COUNT=\(count)): submit it as --array=0-\(count - 1), or pass --shard K/N"
        case let .outside(index, count):
            "--shard auto: \(index) is outside \(count)"
        case let .tooMany(count):
            "--shard auto: \(count) shards, more than 1,000,000"
        }
    }
}
