import Foundation
import KakeiboReceipts

/// Receipts with truth (`<id>.jpg|png` + `<id>.json`) from one or more folders, read by an OCR engine, with the
/// observations optionally kept in a cache folder so parser work can be repeated without OCR.
public struct ReceiptCorpus: Sendable {
    public struct Receipt: Sendable {
        public var id: String
        public var path: String
        public var truth: ReceiptTruth
        public var observations: [TextObservation] = []
        public var error: (any Error)?
    }

    public var receipts: [Receipt]
    /// The engine that read the receipts not found in the cache, if any were read.
    public var engineName: String?

    public init(directories: [String]) throws(ReceiptCorpusError) {
        receipts = []
        for directory in directories {
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                throw .unreadableFolder(directory)
            }
            for name in names.sorted() {
                let url = folder.appendingPathComponent(name)
                guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { continue }
                let id = url.deletingPathExtension().lastPathComponent
                guard let truth = try? ReceiptTruth.load(folder.appendingPathComponent(id + ".json")) else { continue }
                receipts.append(Receipt(id: id, path: url.path, truth: truth))
            }
        }
        guard !receipts.isEmpty else { throw .noReceipts(directories) }
    }

    /// True when `cache` holds observations for every receipt, so no OCR engine need start.
    public func isCached(in cache: String?) -> Bool {
        guard let cache else { return false }
        return receipts.allSatisfy { FileManager.default.fileExists(atPath: "\(cache)/\($0.id).json") }
    }

    /// Fills every receipt's observations: from `cache` where a file is there, else by OCR (written back to `cache`).
    public mutating func read(with batch: ReceiptBatch?, cache: String?) {
        let folder = cache.map { URL(fileURLWithPath: $0, isDirectory: true) }
        var missing: [Int] = []
        for index in receipts.indices {
            if let folder, let data = try? Data(contentsOf: folder.appendingPathComponent(receipts[index].id + ".json")),
               let observations = try? JSONDecoder().decode([TextObservation].self, from: data) {
                receipts[index].observations = observations
            } else {
                missing.append(index)
            }
        }
        guard !missing.isEmpty, let batch else { return }
        for (index, item) in zip(missing, batch.recognize(missing.map { receipts[$0].path })) {
            engineName = engineName ?? item.engine?.name
            if let folder, let engine = item.engine, (try? Self.engine(in: folder.path)) == nil {
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? JSONEncoder.sorted.encode(engine).write(to: folder.appendingPathComponent(Self.engineFile))
            }
            switch item.result {
            case .success(let page):
                receipts[index].observations = page.observations
                if let folder {
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try? JSONEncoder().encode(page.observations).write(to: folder.appendingPathComponent(receipts[index].id + ".json"))
                }
            case .failure(let error):
                receipts[index].error = error
            }
        }
    }

    /// The cache's record of the engine that filled it (name, version, model files' SHA-256), for the model's provenance.
    public static let engineFile = "engine.json"

    public static func engine(in cache: String) throws -> OCREngineDescriptor {
        try JSONDecoder().decode(OCREngineDescriptor.self, from: Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(engineFile)))
    }

    /// Every receipt as a training example: the hand rules' reading and the candidates with features.
    public func labelled(parser: ReceiptParser = ReceiptParser()) -> [LabelledReceipt] {
        receipts.map { receipt in
            let (rules, candidates) = parser.read(rows: parser.rows(from: receipt.observations))
            return LabelledReceipt(id: receipt.id, truth: receipt.truth, rules: rules, candidates: candidates)
        }
    }

    /// Every receipt read and scored: by grouped cross-validation when `folds` is given (each receipt read by a
    /// model fitted without its merchant group), else by `model` (nil: the hand rules).
    public func outcomes(folds: Int?, trainer: ModelTrainer, model: ReceiptModel?) -> [ReceiptEvaluation.Outcome] {
        if folds != nil {
            let labelled = labelled(parser: ReceiptParser(options: ReceiptParserOptions(model: nil)))
            return zip(labelled, trainer.crossValidate(labelled)).map { receipt, prediction in
                .init(id: receipt.id, receipt: prediction.receipt, truth: receipt.truth, seconds: 0)
            }
        }
        let parser = ReceiptParser(options: ReceiptParserOptions(model: model))
        return receipts.map { .init(id: $0.id, receipt: parser.parse($0.observations).receipt, truth: $0.truth, seconds: 0) }
    }
}

/// Why a folder of receipts with truth could not be read.
public enum ReceiptCorpusError: Error, Equatable, CustomStringConvertible {
    case unreadableFolder(String)
    case noReceipts([String])

    public var description: String {
        switch self {
        case .unreadableFolder(let folder): "cannot read the folder \(folder): check the path"
        case .noReceipts(let folders): "no <id>.jpg|png with a <id>.json truth in \(folders.joined(separator: ", "))"
        }
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
