# frozen_string_literal: true

# A stand-in for the `require_all` gem (only `require_rel`, which the 18xx.games engine uses):
# load every .rb file under a folder relative to the caller, retrying files that fail with
# NameError (a constant defined by a file not loaded yet) until no more progress is made.
module Kernel
  def require_rel(*paths)
    base = File.dirname(caller_locations(1, 1).first.absolute_path)
    files = paths.flat_map do |path|
      full = File.expand_path(path, base)
      File.directory?(full) ? Dir.glob(File.join(full, '**', '*.rb')).sort : ["#{full.delete_suffix('.rb')}.rb"]
    end
    require_files_retrying(files)
  end

  def require_files_retrying(files)
    pending = files
    until pending.empty?
      failed = []
      error = nil
      pending.each do |file|
        require file
      rescue NameError => e
        failed << file
        error = e
      end
      raise error if failed.size == pending.size

      pending = failed
    end
  end
end
