import ImagePipeline
import Testing
