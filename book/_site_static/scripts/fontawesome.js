/* Replaces pydata-sphinx-theme's scripts/fontawesome.js (Font Awesome's all.min.js, 1.5 MB on
   every page), listed in html_static_path so Sphinx copies it over the theme's file.
   The theme's stylesheet already ships the Font Awesome 6 web fonts and the icon classes,
   so the icons still show; without the script, nothing rewrites a widget's <i class="fa-...">
   icon into an <svg> behind its back either (docs/stack.md). */
