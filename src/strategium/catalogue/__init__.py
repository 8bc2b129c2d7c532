"""The rule catalogue: every special rule's definition (name, kind, book, page, paraphrase, its (X)),
the registry that finds a rule by its written name and parses its (X), the status of each rule in this engine,
and the citations (:class:`~strategium.catalogue.citations.Reason`) every ruling carries. Data only: it imports
nothing above the base layer."""
